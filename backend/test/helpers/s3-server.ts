import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './services';

// s3rver ships no type declarations: this is the part of its API used here.
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets?: { name: string }[];
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/**
 * A real S3-protocol server (s3rver) on loopback, path-style, objects kept in a temporary
 * directory. It can be stopped and started again on the same port with its objects intact, to
 * play an S3 outage. s3rver accepts any SigV4 signature made with its own key pair.
 */
export class S3TestServer {
  static readonly accessKeyId = 'S3RVER';
  static readonly secretAccessKey = 'S3RVER';

  private server: S3rverInstance | null = null;
  private readonly directory = mkdtempSync(join(tmpdir(), 'lc-s3-'));

  private constructor(
    readonly bucket: string,
    readonly port: number,
  ) {}

  static async start(bucket: string): Promise<S3TestServer> {
    const s3 = new S3TestServer(bucket, await freePort());
    await s3.start();
    return s3;
  }

  get endpoint() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts (or restarts) serving; the bucket is created if it does not exist yet. */
  async start() {
    if (this.server) return;
    // A closed s3rver cannot run again: each start is a new instance over the same directory.
    const server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      directory: this.directory,
      silent: true,
      configureBuckets: [{ name: this.bucket }],
    });
    await server.run();
    this.server = server;
  }

  async stop() {
    await this.server?.close();
    this.server = null;
  }

  /** Stops serving and removes every stored object. */
  async close() {
    await this.stop();
    rmSync(this.directory, { recursive: true, force: true });
  }

  /** Keys under `prefix`, listed over HTTP (ListObjectsV2, anonymous). */
  async keys(prefix: string): Promise<string[]> {
    const res = await fetch(`${this.endpoint}/${this.bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
    if (!res.ok) throw new Error(`listing ${prefix}: HTTP ${res.status}`);
    return [...(await res.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
  }
}
