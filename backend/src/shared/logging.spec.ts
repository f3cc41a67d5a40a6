import { Writable } from 'node:stream';
import { createLogger, JsonLogger, redactText } from './logging';

// Logs are shipped to places with wider access than the database: a reset link, a token or a
// password in a log line would let whoever reads the logs take over an account.

function capture(level: 'debug' | 'info' | 'warn' | 'error' = 'debug') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return {
    logger: new JsonLogger(level, 'api', sink as never),
    pino: createLogger(level, 'api', sink as never),
    lines,
  };
}

describe('log lines', () => {
  it('are one JSON object each, with time, level, service, context and message', () => {
    const { logger, lines } = capture();
    logger.warn('outbox relay waiting: Redis down', 'OutboxRelay');
    expect(lines).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: 'warn',
        service: 'api',
        context: 'OutboxRelay',
        msg: 'outbox relay waiting: Redis down',
      },
    ]);
  });

  it('leave out what is below the configured level', () => {
    const { logger, lines } = capture('warn');
    logger.log('ready');
    logger.debug('details');
    logger.error('broken');
    expect(lines.map((l) => l.level)).toEqual(['error']);
  });

  it('never carry a recovery link, a confirmation token, a bearer token or a JWT in their text', () => {
    const { logger, lines } = capture();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    logger.log(
      'mail: http://localhost:3000/login#access_token=abc.def.ghi&expires_in=3600&token_type=bearer&type=recovery',
    );
    logger.warn('confirm http://localhost:3000/amplify/confirm?token=Zm9vYmFyYmF6 failed');
    logger.error(`request with Authorization: Bearer ${jwt}`, `Error: at handler (token=${jwt})`);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('Zm9vYmFyYmF6');
    expect(text).not.toContain(jwt);
    expect(lines[0]!.msg).toBe(
      'mail: http://localhost:3000/login#access_token=[redacted]&expires_in=3600&token_type=bearer&type=recovery',
    );
    expect(lines[2]).toMatchObject({
      msg: 'request with Authorization: Bearer [redacted]',
      trace: 'Error: at handler (token=[redacted])',
    });
  });

  it('redact secret fields of structured data by name', () => {
    const { pino, lines } = capture();
    pino.info(
      {
        password: 'Sunny-Lake-42',
        headers: { authorization: 'Bearer x', cookie: 'lc_refresh=y' },
        path: '/api/auth/login',
      },
      'request',
    );
    expect(lines[0]).toMatchObject({
      password: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      path: '/api/auth/login',
    });
  });

  it('keep ordinary text as it is', () => {
    expect(redactText('notification 42 attempt 2 failed: 451 try later')).toBe(
      'notification 42 attempt 2 failed: 451 try later',
    );
  });
});
