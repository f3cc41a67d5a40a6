import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// `npm start` keeps the API and the worker running: a crashed child is logged and started again,
// after a pause that doubles on every quick crash. This runs the supervisor of scripts/start.mjs
// (scripts/lib/supervise.mjs) in its own node process over a stand-in worker, kills the worker
// twice and watches it come back; then stops the supervisor, which ends the worker too.
const SUPERVISE = pathToFileURL(join(__dirname, '../../../scripts/lib/supervise.mjs')).href;
const WORKER = `console.log('worker up ' + process.pid); setInterval(() => {}, 1000);`;
const SUPERVISOR = `
  import { spawn } from 'node:child_process';
  import { supervise } from ${JSON.stringify(SUPERVISE)};
  const s = supervise({
    name: 'worker', log: (line) => console.log(line), firstDelayMs: 200, maxDelayMs: 500, resetAfterMs: 60000,
    start: () => spawn(process.execPath, ['-e', ${JSON.stringify(WORKER)}], { stdio: ['ignore', 'inherit', 'inherit'], detached: true }),
  });
  process.on('SIGTERM', async () => { await s.stop(); console.log('supervisor stopped'); process.exit(0); });
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start supervisor', () => {
  let supervisor: ChildProcess | undefined;
  const workers: number[] = [];
  let output = '';

  afterAll(() => {
    // Whatever happened, nothing this test started keeps running.
    for (const pid of [supervisor?.pid, ...workers]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  });

  /** Waits (at most 10 s) until the output has a line matching `pattern` after `from`. */
  const waitForLine = async (pattern: RegExp, from: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const match = pattern.exec(output.slice(from));
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`no line matching ${pattern} in:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const nextWorker = async (from: number) => {
    const pid = Number((await waitForLine(/worker up (\d+)/, from))[1]);
    workers.push(pid);
    return pid;
  };

  it('starts a killed worker again with a doubling pause, and stops it when told to', async () => {
    supervisor = spawn(process.execPath, ['--input-type=module', '-e', SUPERVISOR], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    supervisor.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const first = await nextWorker(0);
    let mark = output.length;
    process.kill(first, 'SIGKILL');
    await waitForLine(/worker stopped \(SIGKILL\); starting it again in 0\.2 s \(restart 1\)/, mark);
    const second = await nextWorker(mark);
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);

    mark = output.length;
    process.kill(second, 'SIGKILL');
    await waitForLine(/worker stopped \(SIGKILL\); starting it again in 0\.4 s \(restart 2\)/, mark);
    const third = await nextWorker(mark);

    mark = output.length;
    process.kill(third, 'SIGKILL');
    // Capped at the longest pause.
    await waitForLine(/starting it again in 0\.5 s \(restart 3\)/, mark);
    const fourth = await nextWorker(mark);

    const exited = new Promise<number | null>((resolve) => supervisor!.once('exit', resolve));
    supervisor.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('supervisor stopped');
    expect(alive(fourth)).toBe(false);
  }, 30_000);
});
