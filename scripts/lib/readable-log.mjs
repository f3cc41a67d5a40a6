// What `npm start` shows a developer: one short line per log entry instead of the backend's JSON
// (LOG_FORMAT=json keeps the JSON). NestJS's boot chatter (modules loaded, routes mapped) is left
// out at info level: it scrolled the one-time admin password out of sight.

const BOOT_CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'MikroORM']);
const LEVEL_LABEL = { debug: 'debug', info: '', warn: 'WARN ', error: 'ERROR' };

/** The readable line for one line of backend output, or null to leave it out. */
export function readableLine(raw) {
  let entry;
  try {
    entry = JSON.parse(raw);
  } catch {
    return raw; // not ours (a stack trace, a tool's own output): shown as it is
  }
  if (!entry || typeof entry !== 'object' || typeof entry.msg !== 'string') return raw;
  if (entry.level === 'info' && BOOT_CHATTER.has(entry.context)) return null;
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const label = LEVEL_LABEL[entry.level] ?? String(entry.level);
  const who = String(entry.service ?? '').padEnd(6);
  // An answered request (the API's request log, nestjs-pino): one short line.
  const text =
    entry.req && entry.res
      ? `${entry.req.method} ${entry.req.path} ${entry.res.status} ${entry.duration_ms} ms`
      : `${entry.msg}${entry.context ? ` (${entry.context})` : ''}`;
  return [time, who, label, text].filter(Boolean).join(' ') + (entry.trace ? `\n${entry.trace}` : '');
}

/** The log entry a line holds, or null when it is not one of ours. */
function entryOf(raw) {
  try {
    const entry = JSON.parse(raw);
    return entry && typeof entry === 'object' ? entry : null;
  } catch {
    return null;
  }
}

/**
 * Pipes a child's output through readableLine, line by line (`raw`: as it is). `onEntry` sees
 * each log entry, shown or not, after its line is written.
 */
export function printReadable(stream, write = (line) => process.stdout.write(`${line}\n`), { raw = false, onEntry } = {}) {
  let pending = '';
  const one = (line) => {
    if (line.trim() === '') return;
    const out = raw ? line : readableLine(line);
    if (out !== null) write(out);
    const entry = onEntry ? entryOf(line) : null;
    if (entry) onEntry(entry);
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) one(line);
  });
  stream.on('end', () => one(pending));
}
