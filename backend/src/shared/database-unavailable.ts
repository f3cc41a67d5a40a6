/**
 * Whether an error means "PostgreSQL cannot be reached right now" rather than "this request or
 * this code is wrong": the server is down or restarting, a connection was refused or cut, or none
 * could be had in time. Such errors answer 503 (try again shortly), never 500, and never 401.
 *
 * The pg driver's errors reach us as they are (a refused connect from the pool) or wrapped by
 * MikroORM as a DriverException with the same code (and the original in `cause`/`previous`).
 * The API's only other network dependency whose errors reach the filter is S3, whose SDK errors
 * carry `$metadata`; they keep their own answer.
 */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up or shutting down
  '53300', // too_many_connections
]);
const PROTOCOL_VIOLATION = '08P01';
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const MESSAGES = [
  /^Connection terminated/i, // pg: the server went away during a query or a connect
  /connection error and is not queryable/i, // pg: a client whose connection broke
  /timeout exceeded when trying to connect/i, // pg-pool: no free connection in time
  /^timeout expired$/i, // pg: a new connection did not connect within its connect timeout
  /Timeout acquiring a connection/i, // knex: the pool could not get one in time
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if ('$metadata' in error) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; previous?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  // 08P01 (protocol_violation, "invalid message format") is what PostgreSQL answers to a value
  // it cannot take on the wire: the request's fault, not an outage (decision 0504).
  if (code === PROTOCOL_VIOLATION) return false;
  if (SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code)) return true;
  if (typeof e.message === 'string' && MESSAGES.some((re) => re.test(e.message as string))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.previous, depth + 1);
}
