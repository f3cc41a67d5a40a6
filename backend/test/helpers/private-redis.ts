import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './services';

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** A redis-server of the test's own, which the test may stop and start again (fault tests). */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  port = 0;

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    if (!this.port) this.port = await freePort();
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
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
