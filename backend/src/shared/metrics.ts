import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry and its internal listener. Modules register their own
 * figures here (the outbox, the mail queue); the HTTP layer records requests by route pattern.
 * The listener is separate from the public port, so the proxy never serves it (decision 0314).
 */
@Injectable()
export class Metrics implements OnApplicationShutdown {
  readonly registry = new Registry();
  private server: Server | null = null;

  private readonly httpRequests = new Counter({
    name: 'lc_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'lc_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /**
   * Each (method, route, status)'s two series, looked up once: prom-client hashes a label object
   * on every call, which cost a cached read about as much as its ETag check.
   */
  private readonly answered = new Map<
    string,
    { requests: Counter.Internal; duration: Histogram.Internal<'method' | 'route'> }
  >();

  /** `route` is the pattern (`/api/creators/:id`), never the raw URL: bounded label values. */
  requestAnswered(method: string, route: string, status: number, seconds: number) {
    const key = `${method} ${status} ${route}`;
    let series = this.answered.get(key);
    if (!series) {
      series = {
        requests: this.httpRequests.labels(method, route, String(status)),
        duration: this.httpDuration.labels(method, route),
      };
      this.answered.set(key, series);
    }
    series.requests.inc();
    series.duration.observe(seconds);
  }

  /** A figure read when Prometheus scrapes (what a cache holds): `read` is called then, and only then. */
  observe(name: string, help: string, read: () => number) {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /**
   * Starts the listener (and the process figures: memory, CPU, event loop) on `host`, the config's
   * metricsHost (loopback unless METRICS_HOST or one address in HOST says otherwise, decision 0831); returns its port.
   */
  async listen(port: number, service: string, host: string): Promise<number> {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, prefix: 'lc_' });
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?', 1)[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error.message}`),
      );
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
    return (server.address() as AddressInfo).port;
  }

  async onApplicationShutdown() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((r) => server.close(r));
  }
}
