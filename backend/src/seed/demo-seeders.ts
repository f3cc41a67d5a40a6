import type { INestApplicationContext } from '@nestjs/common';
import { seedDemoCreators } from '../modules/creator';

export type DemoSeeder = (app: INestApplicationContext, print: (line: string) => void) => Promise<void>;

/** Demo content for the embedded default, one seeder per module that has some (idempotent). */
export const DEMO_SEEDERS: DemoSeeder[] = [seedDemoCreators];
