// A Jest reporter that keeps test-results/running.json up to date: the files being run now and
// when each started. scripts/test.mjs reads it when a run passes its deadline, so a file that
// hangs (a synchronous child process, a wait with no limit) is named instead of CI timing out
// with nothing said.
const { writeFileSync } = require('node:fs');

class RunningFilesReporter {
  constructor() {
    this.file = process.env.LC_RUNNING_FILES;
    this.running = new Map();
  }

  onTestFileStart(test) {
    this.running.set(test.path, new Date().toISOString());
    this.write();
  }

  onTestFileResult(test) {
    this.running.delete(test.path);
    this.write();
  }

  write() {
    if (this.file) writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.running), null, 1));
  }

  getLastError() {}
}

module.exports = RunningFilesReporter;
