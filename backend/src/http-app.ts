import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, urlencoded } from 'express';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { securityHeaders } from './shared/http/security-headers';
import { JsonLogger, requestLogging } from './shared/logging';
import { PageMetaRegistry } from './web/page-meta';
import { mountWeb } from './web/spa';

/** The repository root (holding public-site/ and admin-console/), from dist or from src. */
export function repoRoot() {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(resolve(dir, 'public-site')) && existsSync(resolve(dir, 'backend'))) return dir;
    dir = resolve(dir, '..');
  }
  return process.cwd();
}

/** Builds the HTTP application (used by main.ts and by the API tests). */
export async function createHttpApp(env: Record<string, string | undefined> = {}, opts: { logger?: JsonLogger | false } = {}) {
  const configured = AppModule.forRoot(env);
  const app = await NestFactory.create<NestExpressApplication>(configured, {
    logger: opts.logger === false ? false : (opts.logger ?? new JsonLogger('info', 'api')),
    bodyParser: false,
    bufferLogs: false,
  });
  const config = app.get(AppConfig);
  const logger = opts.logger === false ? new JsonLogger('error', 'api') : (opts.logger ?? new JsonLogger(config.logLevel, 'api'));
  const express = app.getHttpAdapter().getInstance();

  express.disable('x-powered-by');
  app.set('trust proxy', config.http.trustProxy === 'false' ? false : config.http.trustProxy === 'true' ? true : config.http.trustProxy);
  app.use(requestLogging(logger));
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({ origin: config.http.corsOrigin.length ? config.http.corsOrigin : false, credentials: false, exposedHeaders: ['Content-Range', 'X-Request-Id'] });
  // Small bodies: JSON endpoints never need more; uploads go through multer with their own limit.
  app.use('/api', json({ limit: '100kb' }), urlencoded({ extended: false, limit: '100kb' }));
  // Everything under /api except the few documents crawlers expect at the root.
  app.setGlobalPrefix('api', { exclude: [{ path: 'sitemap.xml', method: RequestMethod.GET }, { path: 'robots.txt', method: RequestMethod.GET }] });
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Local Creators API').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  mountWeb(express, {
    webRoot: config.http.webRoot ?? repoRoot(),
    storageDir: config.storage.driver === 'local' ? resolve(config.storage.dir) : null,
    meta: app.get(PageMetaRegistry),
    log: (m) => logger.warn(m, 'web'),
  });
  return app;
}
