import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import { validateEnvironment } from './environment';

@Global()
@Module({})
export class AppConfigModule {
  /** From process.env by default; tests pass overrides. Throws a ConfigError naming bad values. */
  static forRoot(overrides: Record<string, string | undefined> = {}): DynamicModule {
    const config = new AppConfig(validateEnvironment({ ...process.env, ...overrides }));
    return { module: AppConfigModule, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
  }
}
