// The identity module's public surface: nothing else of it is imported from outside.
export { IdentityModule } from './identity.module';
export { AccountsModule } from './accounts.module';
export { AccountDirectory } from './application/account-directory';
export { AuthService } from './application/auth.service';
export { AdminCities, type AdminReach } from './application/admin-cities.service';
export { accountEmailOf } from './infrastructure/account-sql';
