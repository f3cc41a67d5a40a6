import { Global, Module } from '@nestjs/common';
import { AdminDirectory } from '../notifications';
import { AccountDirectory } from './application/account-directory';
import { SqlAccountDirectory } from './infrastructure/sql-account-directory';

/**
 * The account directory, for every process that needs to know of accounts without reading
 * identity's tables: the API's modules and the mail worker (which answers notifications' "who are
 * the admins" through it). Global, so the worker gets it without the rest of identity.
 */
@Global()
@Module({
  providers: [
    { provide: AccountDirectory, useClass: SqlAccountDirectory },
    { provide: AdminDirectory, useExisting: AccountDirectory },
  ],
  exports: [AccountDirectory, AdminDirectory],
})
export class AccountsModule {}
