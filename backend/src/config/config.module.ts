import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';

@Global()
@Module({})
export class AppConfigModule {
  /** From process.env by default; tests pass overrides. Throws a ConfigError naming bad values. */
  static forRoot(source: Record<string, string | undefined> | AppConfig = {}): DynamicModule {
    const config = source instanceof AppConfig ? source : AppConfig.fromEnvironment(source);
    return { module: AppConfigModule, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
  }
}
