import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { forkEntityManagerPerRequest } from './database/request-context';
import { deferMultipartBodies } from './shared/http/file-upload.interceptor';
import { errorAnswer, errorResponse } from './shared/domain-exception.filter';
import { securityHeaders } from './shared/http/security-headers';
import { inRequestContext, JsonLogger, requestId, requestLogLine, requestLogging } from './shared/logging';
import { ON_THE_FLY_COMPRESSION, PreparedResponses } from './shared/http/prepared-json';
import { Metrics } from './shared/metrics';
import fastifyCompress from '@fastify/compress';
import fastQuerystring from 'fast-querystring';
import { PageMetaRegistry } from './web/page-meta';
import { mountWeb } from './web/spa';

/** The repository root (holding public-site/ and admin-console/), from dist or from src. */
function repoRoot() {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(resolve(dir, 'public-site')) && existsSync(resolve(dir, 'backend'))) return dir;
    dir = resolve(dir, '..');
  }
  return process.cwd();
}

/** Everything but a few documents for crawlers is served under it. */
const API_PREFIX = 'api';

/**
 * The query string as every route gets it: Fastify's own parser (find-my-way's default), named
 * here so the front door parses exactly as the framework does.
 */
const parseQuery = (querystring: string): Record<string, unknown> => (querystring.length === 0 ? {} : fastQuerystring.parse(querystring));

/** TRUST_PROXY as Fastify reads it: true/false, a hop count, or addresses and named ranges ("loopback"). */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Builds the HTTP application (used by main.ts and by the API tests). NestJS runs on Fastify:
 * its radix-tree router and light request objects cost a fraction of Express's per request,
 * which is what the directory's latency budget needed (decision 0203).
 */
export async function createHttpApp(env: Record<string, string | undefined> = {}, opts: { logger?: JsonLogger | false } = {}) {
  const config = AppConfig.fromEnvironment(env);
  // Set once the application exists: answers kept in memory are sent from the server's request
  // event, before Fastify (PreparedResponses); everything else goes to Fastify.
  let prepared: PreparedResponses | undefined;
  const adapter = new FastifyAdapter({
    // Fastify's own server, as it would make it, with that front door.
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void, opts: FastifyServerOptions & { http?: ServerOptions }) => {
      const server = createServer(opts.http ?? {}, (req, res) => prepared?.answer(req, res) || handler(req, res));
      server.keepAliveTimeout = opts.keepAliveTimeout!;
      server.requestTimeout = opts.requestTimeout!;
      server.setTimeout(opts.connectionTimeout!);
      return server;
    },
    trustProxy: trustProxy(config.http.trustProxy),
    // Small bodies: JSON endpoints never need more; uploads are streamed by their own interceptor.
    bodyLimit: 100 * 1024,
    // Fastify turns Node's request timeout off by default. A client gets 120 s to send its
    // request (a 5 MB photo on a slow phone), so stalled connections cannot pile up.
    requestTimeout: 120_000,
    genReqId: requestId,
    // Errors Fastify raises before routing (a malformed URL encoding) never reach Nest's filter;
    // they leave in the same shape through the same mapping.
    frameworkErrors: (error: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
      const { statusCode, body } = errorResponse(error);
      reply.code(statusCode).send(body);
    },
    requestIdHeader: false,
    routerOptions: { querystringParser: parseQuery },
    logger: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: opts.logger === false ? false : (opts.logger ?? new JsonLogger('info', 'api')),
    bufferLogs: false,
  });
  const logger = opts.logger === false ? new JsonLogger('error', 'api') : (opts.logger ?? new JsonLogger(config.logLevel, 'api'));
  const fastify = app.getHttpAdapter().getInstance();
  // Fastify closes a server it got from serverFactory only if Fastify itself started it
  // listening; one started elsewhere (SuperTest, for a request later abandoned) would outlive the app.
  fastify.addHook('onClose', (instance, done) => {
    if (!instance.server.listening) return done();
    instance.server.closeIdleConnections();
    instance.server.close(() => done());
  });

  // Every text response (API JSON, pages, top-level files) compressed when the client accepts it,
  // brotli at a cheap level on the fly; the built assets come precompressed at the best level
  // (web/spa.ts). Registered before any route, since it attaches itself to routes as they are
  // added. Pages' HTML is under 1 kB, so the threshold sits below it.
  const { encodings, threshold, brotliParams } = ON_THE_FLY_COMPRESSION;
  await fastify.register(fastifyCompress, { global: true, encodings, threshold, brotliOptions: { params: brotliParams } });
  requestLogging(fastify, logger);
  const metrics = app.get(Metrics);
  fastify.addHook('onResponse', (req, reply, done) => {
    // The matched route's pattern, so every creator's page counts under one label.
    metrics.requestAnswered(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  forkEntityManagerPerRequest(fastify, app.get(MikroORM));
  const fixedHeaders = securityHeaders(fastify, {
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
        // Only where the site is served over https: over plain http it would blank the page.
        upgradeInsecureRequests: config.http.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  deferMultipartBodies(fastify);
  // The front door answers as these hooks would. Not with CORS, whose headers depend on the caller.
  if (!config.http.corsOrigin.length) {
    const logLine = requestLogLine(logger);
    const door = app.get(PreparedResponses);
    prepared = door;
    door.openFrontDoor({
      fixedHeaders: Object.fromEntries(Object.entries(fixedHeaders).map(([name, value]) => [name.toLowerCase(), value])),
      requestId,
      answered: (method, route, url, status, seconds) => {
        metrics.requestAnswered(method, route, status, seconds);
        logLine(method, url, status, seconds * 1000);
      },
      prefix: `/${API_PREFIX}`,
      parseQuery,
      inRequestContext,
      failed: errorAnswer,
    });
  }
  // Cross-origin callers only when CORS_ORIGIN names them; without it nothing is registered (the
  // site and console are same-origin, and the hook cost every request about 2% of its time).
  if (config.http.corsOrigin.length) {
    app.enableCors({ origin: config.http.corsOrigin, credentials: false, exposedHeaders: ['Content-Range', 'X-Request-Id'] });
  }
  // Everything under /api except the few documents crawlers expect at the root.
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: 'sitemap.xml', method: RequestMethod.GET },
      { path: 'robots.txt', method: RequestMethod.GET },
    ],
  });
  // No enableShutdownHooks: main.ts drains before it closes the app on SIGTERM (system/shutdown.ts).

  const document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Local Creators API').setVersion('1').addBearerAuth().build());
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  await mountWeb(fastify, {
    webRoot: config.http.webRoot ?? repoRoot(),
    storageDir: config.storage.driver === 'local' ? resolve(config.storage.dir) : null,
    meta: app.get(PageMetaRegistry),
    site: { publicUrl: config.http.publicUrl, city: config.city },
    log: (m) => logger.warn(m, 'web'),
  });
  return app;
}
