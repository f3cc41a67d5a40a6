import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { ormOptions } from './database.module';

describe("the ORM's connections", () => {
  const connectTimeout = (env: Record<string, string>) =>
    ormOptions(new AppConfig(validateEnvironment(env))).driverOptions?.connectionTimeoutMillis;

  it('wait DATABASE_CONNECT_TIMEOUT_MS for a new connection, 5 s unless set', () => {
    expect(connectTimeout({})).toBe(5000);
    expect(connectTimeout({ DATABASE_CONNECT_TIMEOUT_MS: '30000' })).toBe(30000);
    expect(() => connectTimeout({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow('DATABASE_CONNECT_TIMEOUT_MS');
  });
});
