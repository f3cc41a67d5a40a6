import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (message: string, code?: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), code ? { code } : {}, extra);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connect from the pool', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['an operator shutting the server down', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection-exception SQLSTATE', withCode('connection failure', '08006')],
    ['a connection cut mid-query', withCode('Connection terminated unexpectedly')],
    [
      'a pool that cannot connect in time',
      withCode('Knex: Timeout acquiring a connection. The pool is probably full.'),
    ],
    ['a connection that does not connect in time', withCode('timeout expired')],
    ['a pool with no free connection in time', withCode('timeout exceeded when trying to connect')],
    [
      'one wrapped by the ORM',
      withCode('wrapped', undefined, { previous: withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED') }),
    ],
  ])('recognises %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a NUL in text', withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['a value PostgreSQL cannot take on the wire', withCode('invalid message format', '08P01')],
    ['one wrapped by the ORM', withCode('wrapped', '08P01', { previous: withCode('invalid message format', '08P01') })],
    ['a plain bug', new TypeError('x is undefined')],
    [
      'an S3 store that is down',
      withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED', { $metadata: { attempts: 2 } }),
    ],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('leaves %s alone', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
