import { DEFAULT_CITY } from '@local-creators/common';

/**
 * What a migration may need of the configuration: the home city (CITY), which the cities
 * migration moves an existing install's rows to. `migrate()` (cli.ts) sets it before running.
 */
export const migrationContext = { city: DEFAULT_CITY };
