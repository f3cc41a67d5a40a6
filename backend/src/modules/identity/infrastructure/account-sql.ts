import type { Expression } from 'kysely';
import { compileOnly } from '../../../database/typed-sql';
import type { IdentityTables } from './identity-tables';

/**
 * Identity's published statement part (decision 0265): the account e-mail of a user id, as a
 * scalar subquery another module's statement selects, so a page that shows its owners' addresses
 * (the console's creator list) is one statement instead of a second round trip for the e-mails.
 * Only this file names identity's table to other modules; `userId` is the caller's own column.
 */
export const accountEmailOf = (userId: Expression<string>) =>
  identityStatements.selectFrom('users as u').select('u.email').where('u.id', '=', userId);

/** A part, not a statement: the embedding statement compiles and runs it. */
const identityStatements = compileOnly<IdentityTables>();
