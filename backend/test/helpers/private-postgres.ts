import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './services';

/** The PostgreSQL server binaries of this machine (Debian keeps them out of PATH). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, which the test may
 * stop and start again (fault tests); the shared test server is never touched. PostgreSQL refuses
 * to run as root, so as root it runs as the `postgres` user. With `tls` it is a managed database's
 * stand-in: TLS with that certificate, and plain connections refused (`hostssl` only).
 */
export class PrivatePostgres {
  private readonly bin = binDir();
  private readonly dir = mkdtempSync(join(tmpdir(), 'lc-private-pg-'));
  port = 0;

  /** `replicaOf`: a hot standby streaming from that (started) server, made by pg_basebackup. */
  constructor(
    private readonly opts: {
      tls?: { certFile: string; keyFile: string; caFile: string };
      replicaOf?: PrivatePostgres;
    } = {},
  ) {}

  /** The superuser's URL; with TLS it asks for it as an operator would (verify-full against the CA). */
  get adminUrl() {
    const tls = this.opts.tls ? `?sslmode=verify-full&sslrootcert=${encodeURIComponent(this.opts.tls.caFile)}` : '';
    return `postgres://postgres@127.0.0.1:${this.port}/postgres${tls}`;
  }

  private run(tool: string, args: string[]) {
    const command = [join(this.bin, tool), ...args];
    const asRoot = process.getuid?.() === 0;
    execFileSync(asRoot ? 'runuser' : command[0]!, asRoot ? ['-u', 'postgres', '--', ...command] : command.slice(1), {
      stdio: 'ignore',
      timeout: 60_000,
    });
  }

  async start() {
    if (!this.port) {
      this.port = await freePort();
      if (process.getuid?.() === 0)
        chownSync(
          this.dir,
          Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
          Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
        );
      const primary = this.opts.replicaOf;
      // initdb's pg_hba.conf trusts replication connections from 127.0.0.1, which the standby uses.
      if (primary)
        this.run('pg_basebackup', [
          '-h',
          '127.0.0.1',
          '-p',
          String(primary.port),
          '-U',
          'postgres',
          '-D',
          join(this.dir, 'data'),
          '-R',
          '-X',
          'stream',
          '-c',
          'fast',
        ]);
      else
        this.run('initdb', ['-D', join(this.dir, 'data'), '-U', 'postgres', '-A', 'trust', '--locale=C', '-E', 'UTF8']);
      if (this.opts.tls)
        writeFileSync(
          join(this.dir, 'data', 'pg_hba.conf'),
          'local all all trust\nhostssl all all 127.0.0.1/32 trust\n',
        );
    }
    const tls = this.opts.tls
      ? ` -c ssl=on -c ssl_cert_file=${this.opts.tls.certFile} -c ssl_key_file=${this.opts.tls.keyFile}`
      : '';
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off${tls}`;
    this.run('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
    return this;
  }

  /** A fast shutdown: open connections are cut, as in a restart by an operator. */
  stop() {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  /**
   * Freezes the server (SIGSTOP to the postmaster and every backend): it still accepts TCP
   * connections, into the kernel's backlog, and never answers; as a hung host or a stalled disk.
   */
  freeze() {
    this.signal('STOP');
  }

  /** Lets a frozen server run again. */
  thaw() {
    this.signal('CONT');
  }

  private signal(which: 'STOP' | 'CONT') {
    const pidFile = join(this.dir, 'data', 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n', 1)[0]);
    // The postmaster first: stopped, it forks no new backend while its children are listed.
    sendSignal(postmaster, `SIG${which}`);
    for (const child of childrenOf(postmaster)) sendSignal(child, `SIG${which}`);
  }

  destroy() {
    this.thaw();
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

/** A backend may end between pgrep and the signal (a CI run failed on `kill: No such process`). */
function sendSignal(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
