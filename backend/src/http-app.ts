import { resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { forkEntityManagerPerRequest } from './database/request-context';
import { errorResponse } from './shared/domain-exception.filter';
import { securityHeaders } from './shared/http/security-headers';
import { PERSONAL } from './shared/http/cache-control';
import {
  ApiLogController,
  apiLogging,
  bindRequestLogs,
  createApiLogger,
  echoRequestId,
  requestId,
} from './shared/logging';
import { ON_THE_FLY_COMPRESSION } from './shared/http/prepared-body';
import { Metrics } from './shared/metrics';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyMultipart from '@fastify/multipart';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import fastQuerystring from 'fast-querystring';
import { mountStaticFiles, webRootOf } from './web/spa';
import { WEBHOOKS_OPENAPI_TAG } from './modules/notifications';

/** The query string as every route gets it: Fastify's own parser (find-my-way's default). */
const parseQuery = (querystring: string): Record<string, unknown> =>
  querystring.length === 0 ? {} : fastQuerystring.parse(querystring);

/** TRUST_PROXY as Fastify reads it: true/false, a hop count, or addresses and named ranges ("loopback"). */
function trustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === 'true' || value === 'false') return value === 'true';
  if (!/^\d+$/.test(value)) return value;
  // A hop count trusts the nearest `hops` proxies, whoever they are. Fastify 5.12 no longer takes a
  // number (it would trust nobody); this is the rule it applied before (decision 0940).
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/**
 * Builds the HTTP application (used by main.ts and by the API tests). NestJS runs on Fastify:
 * its radix-tree router and light request objects cost a fraction of Express's per request,
 * which is what the directory's latency budget needed (decision 0203).
 */
export async function createHttpApp(
  env: Record<string, string | undefined> = {},
  opts: { logger?: false; logDestination?: DestinationStream } = {},
) {
  const config = AppConfig.fromEnvironment(env);
  const logger = createApiLogger(config.logLevel, opts.logDestination);
  const adapter = new FastifyAdapter({
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
    // No Nest middleware (its runner cost every request; logging binds in a hook): any added later fails at start.
    skipMiddie: true,
    routerOptions: { querystringParser: parseQuery },
    // Fastify's request logger: one child per request carrying its id, and one line per answered
    // API request in the shape operations.md documents.
    loggerInstance: logger,
    logController: new ApiLogController(),
  });
  // Nest's lines through nestjs-pino on that logger (decision 0222); `logger: false` keeps them out (tests).
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, { logging: apiLogging(logger) }),
    adapter,
    {
      bufferLogs: opts.logger !== false,
      ...(opts.logger === false ? { logger: false } : {}),
    },
  );
  if (opts.logger !== false) {
    app.useLogger(app.get(Logger));
    app.flushLogs(); // what was logged while the application was built
  }
  const fastify = app.getHttpAdapter().getInstance();
  if (opts.logger !== false) bindRequestLogs(fastify, await app.resolve(PinoLogger));

  // Every text response (API JSON, pages, top-level files) compressed when the client accepts it,
  // brotli at a cheap level on the fly; the built assets come precompressed at the best level
  // (web/spa.ts). Registered before any route, since it attaches itself to routes as they are
  // added. Pages' HTML is under 1 kB, so the threshold sits below it.
  const { encodings, threshold, brotliParams } = ON_THE_FLY_COMPRESSION;
  // Request bodies are never compressed by our clients, so the request side's two hooks are left out.
  await fastify.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings,
    threshold,
    brotliOptions: { params: brotliParams },
  });
  // Conditional GETs: an answer whose ETag the client already holds is a 304. A route that knows
  // its answer's ETag sets it (a cached answer, hashed once: PreparedBody); any other is hashed here.
  await fastify.register(fastifyEtag, { weak: true });
  echoRequestId(fastify);
  const metrics = app.get(Metrics);
  fastify.addHook('onResponse', (req, reply, done) => {
    // The matched route's pattern, so every creator's page counts under one label.
    metrics.requestAnswered(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  forkEntityManagerPerRequest(fastify, app.get(MikroORM));
  // Every answer is private and never stored unless its route says it is public (cache-control.ts).
  securityHeaders(
    fastify,
    {
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
      // The site's own pages tell it which of them a visitor came from (the creator's numbers,
      // decision 0820); other sites hear nothing of where their visitors were (helmet's default,
      // no-referrer, also hid it from us).
      referrerPolicy: { policy: 'same-origin' },
    },
    { 'Cache-Control': PERSONAL },
  );
  // Multipart bodies are left unread until a route's upload interceptor asks (FileUpload), after its guards.
  await fastify.register(fastifyMultipart);
  // Cross-origin callers only when CORS_ORIGIN names them; without it nothing is registered (the
  // site and console are same-origin, and the hook cost every request about 2% of its time).
  if (config.http.corsOrigin.length) {
    app.enableCors({
      origin: config.http.corsOrigin,
      credentials: false,
      exposedHeaders: ['Content-Range', 'X-Request-Id'],
    });
  }
  // No enableShutdownHooks: main.ts drains before it closes the app on SIGTERM (system/shutdown.ts).

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Local Creators API')
      .setVersion('1')
      .addBearerAuth()
      .addTag(WEBHOOKS_OPENAPI_TAG.name, WEBHOOKS_OPENAPI_TAG.description)
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  await mountStaticFiles(fastify, {
    webRoot: webRootOf(config),
    storageDir: config.storage.driver === 'local' ? resolve(config.storage.dir) : null,
  });
  return app;
}
