/** Route metadata the access decorators set and the guards read. */
export const ROLES_KEY = 'lc:roles';
export const ALLOW_RECOVERY_KEY = 'lc:allow-recovery';
export const OPTIONAL_KEY = 'lc:optional-auth';
export const EVERY_CITY_KEY = 'lc:every-city';
