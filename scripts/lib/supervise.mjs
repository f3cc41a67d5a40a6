// Keeps one child process of `npm start` running: when it stops on its own (a crash, an
// out-of-memory kill), it is started again after a pause that doubles on every quick stop
// (1 s, 2 s, 4 s ... at most 30 s) and is back to the first pause once a run lasted a minute.

/**
 * @param {object} opts
 * @param {string} opts.name                      for the log lines
 * @param {() => import('node:child_process').ChildProcess} opts.start  spawns one run
 * @param {(line: string) => void} opts.log
 * @param {number} [opts.firstDelayMs]  pause before the first restart (1 s)
 * @param {number} [opts.maxDelayMs]    longest pause (30 s)
 * @param {number} [opts.resetAfterMs]  a run this long counts as healthy: the pause starts over (60 s)
 */
export function supervise({ name, start, log, firstDelayMs = 1_000, maxDelayMs = 30_000, resetAfterMs = 60_000 }) {
  let child = null;
  let timer = null;
  let stopping = false;
  let delay = firstDelayMs;
  let restarts = 0;

  const launch = () => {
    timer = null;
    const startedAt = Date.now();
    const run = start();
    child = run;
    let ended = false;
    const onEnd = (how) => {
      if (ended) return;
      ended = true;
      if (child === run) child = null;
      if (stopping) return;
      if (Date.now() - startedAt >= resetAfterMs) delay = firstDelayMs;
      restarts++;
      log(`${name} stopped (${how}); starting it again in ${delay / 1000} s (restart ${restarts})`);
      timer = setTimeout(launch, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    };
    run.once('exit', (code, signal) => onEnd(signal ?? `exit code ${code}`));
    // A spawn that fails (say, node missing) emits 'error' and maybe never 'exit'.
    run.once('error', (error) => onEnd(error.message));
  };
  launch();

  return {
    get child() {
      return child;
    },
    /** Stops supervising: no more restarts; the running child (and its process group) is ended. */
    async stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const run = child;
      if (!run || run.exitCode !== null || run.signalCode !== null) return;
      const exited = new Promise((resolve) => run.once('exit', resolve));
      try {
        process.kill(-run.pid, signal);
      } catch {
        run.kill(signal);
      }
      await exited;
    },
  };
}
