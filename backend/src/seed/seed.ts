import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { AccountDirectory, AuthService } from '../modules/identity';
import { DEMO_SEEDERS } from './demo-seeders';

const DEFAULT_ADMIN_EMAIL = 'admin@localcreators.local';

/** A password that meets the sign-up policy (upper, lower, digit) and is hard to guess. */
export const generatePassword = () => `Lc-${randomBytes(12).toString('base64url')}-9a`;

/**
 * Seeds a fresh database. Only the embedded default gets the demo admin (printed once) and demo
 * content: a configured production database never gets a default admin.
 */
export async function seed(app: INestApplicationContext, opts: { demo: boolean; print: (line: string) => void }) {
  if (!opts.demo) return;
  const em = app.get(EntityManager).fork();
  await RequestContext.create(em, async () => {
    let adminPassword: string | null = null;
    if ((await app.get(AccountDirectory).adminEmails()).length === 0) {
      adminPassword = generatePassword();
      await app.get(AuthService).createAccount(DEFAULT_ADMIN_EMAIL, adminPassword, ['admin']);
    }
    for (const seeder of DEMO_SEEDERS) await seeder(app, opts.print);
    // Last, so nothing scrolls it away (npm start prints the seed's output after its own lines).
    if (adminPassword) {
      opts.print('');
      opts.print('  Admin account created (shown once, keep it):');
      opts.print(`    e-mail:   ${DEFAULT_ADMIN_EMAIL}`);
      opts.print(`    password: ${adminPassword}`);
      opts.print(`    console:  /admin   (lost it? npm run admin -- reset-password ${DEFAULT_ADMIN_EMAIL})`);
    }
  });
}
