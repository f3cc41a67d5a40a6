import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Issue 25: on a Node.js older than `engines`, install, `npm start` and `npm test` refuse at once
// with one line saying which version is needed and how to get it (npm install only warned,
// EBADENGINE, and the product then ran on an unsupported runtime). Needs an old node on the
// machine (OLD_NODE, else /usr/bin/node when it is older than 22).
const ROOT = join(__dirname, '../../..');
const OLD_NODE = process.env.OLD_NODE ?? '/usr/bin/node';
const oldVersion = existsSync(OLD_NODE) ? spawnSync(OLD_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
const old = /^v(1\d|2[01])\./.test(oldVersion);
const LINE = `Local Creators needs Node.js 22.17 or newer (this is ${oldVersion}): run \`nvm install\` here (it reads .nvmrc: 24) or get it from https://nodejs.org/en/download`;

(old ? describe : describe.skip)(`on an old Node.js (${oldVersion || 'none found'})`, () => {
  it.each(['scripts/start.mjs', 'scripts/test.mjs'])('node %s refuses in one line and starts nothing', (script) => {
    const r = spawnSync(OLD_NODE, [script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${LINE}\n`);
  });

  it('npm install refuses with the same line (the preinstall step)', () => {
    // A copy of the root package without its dependencies: what npm runs first, nothing fetched.
    const dir = mkdtempSync(join(tmpdir(), 'lc-node-'));
    try {
      cpSync(join(ROOT, 'scripts/check-node.mjs'), join(dir, 'scripts/check-node.mjs'));
      cpSync(join(ROOT, '.nvmrc'), join(dir, '.nvmrc'));
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ ...pkg, workspaces: undefined, dependencies: {}, devDependencies: {} }),
      );
      const npm = join(OLD_NODE, '..', 'npm');
      // Nothing to fetch, so nothing may wait on the network (the update check included); a bound,
      // as a synchronous child is beyond Jest's test timeout.
      const r = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--offline'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
        env: {
          ...process.env,
          PATH: `${join(OLD_NODE, '..')}:${process.env.PATH}`,
          NODE_OPTIONS: '',
          npm_config_update_notifier: 'false',
        },
      });
      expect(r.status).not.toBe(0);
      expect(r.stderr.split('\n')).toContain(LINE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
