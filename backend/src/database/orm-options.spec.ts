import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { ormOptions } from './database.module';

describe("the ORM's connections", () => {
  const connectTimeout = (env: Record<string, string>) =>
    ormOptions(new AppConfig(validateEnvironment(env))).driverOptions?.Client.connectTimeoutMs;

  it('wait DATABASE_CONNECT_TIMEOUT_MS for a new connection, 5 s unless set', () => {
    expect(connectTimeout({})).toBe(5000);
    expect(connectTimeout({ DATABASE_CONNECT_TIMEOUT_MS: '30000' })).toBe(30000);
    expect(() => connectTimeout({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow('DATABASE_CONNECT_TIMEOUT_MS');
  });

  it('wait up to 60 s for a free one when all are in use, as before MikroORM 7', () => {
    const options = ormOptions(new AppConfig(validateEnvironment({ DATABASE_CONNECT_TIMEOUT_MS: '3000' })));
    expect(options.driverOptions?.connectionTimeoutMillis).toBe(60_000);
    expect(new options.driverOptions!.Client({})).toMatchObject({ _connectionTimeoutMillis: 3000 });
  });
});
