import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private CA and one server certificate it signed, for `localhost` and 127.0.0.1, made with
 * openssl: what a managed PostgreSQL or Redis hands its clients. As root the key belongs to the
 * `postgres` user, since PostgreSQL refuses a key it does not own (or that others can read).
 */
export function testCertificates() {
  const dir = mkdtempSync(join(tmpdir(), 'lc-certs-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe', timeout: 30_000 });
  writeFileSync(at('server.ext'), 'subjectAltName = DNS:localhost, IP:127.0.0.1\n');
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Local Creators test CA',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.crt'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.crt'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    at('server.ext'),
    '-out',
    at('server.crt'),
  );
  chmodSync(at('server.key'), 0o600);
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(at('server.key'), id('-u'), id('-g'));
    chmodSync(dir, 0o755);
  }
  return {
    caFile: at('ca.crt'),
    certFile: at('server.crt'),
    keyFile: at('server.key'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
