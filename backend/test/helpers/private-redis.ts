import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './services';

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/**
 * A redis-server of the test's own, which the test may stop and start again (fault tests). With
 * `tls` it speaks only TLS (a managed Redis's stand-in) and its URL is rediss:// with the CA.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  port = 0;

  constructor(private readonly opts: { tls?: { certFile: string; keyFile: string; caFile: string } } = {}) {}

  get url() {
    const tls = this.opts.tls;
    return tls
      ? `rediss://localhost:${this.port}?sslrootcert=${encodeURIComponent(tls.caFile)}`
      : `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    if (!this.port) this.port = await freePort();
    const tls = this.opts.tls;
    const listen = tls
      ? [
          '--port',
          '0',
          '--tls-port',
          String(this.port),
          '--tls-cert-file',
          tls.certFile,
          '--tls-key-file',
          tls.keyFile,
          '--tls-ca-cert-file',
          tls.caFile,
          '--tls-auth-clients',
          'no',
        ]
      : ['--port', String(this.port)];
    this.child = spawn('redis-server', [...listen, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await reachable(this.port)); i++) await new Promise((r) => setTimeout(r, 50));
    return this;
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise((r) => {
      child.once('exit', r);
      child.kill('SIGKILL');
    });
  }
}
