import { expressionBuilder, sql } from 'kysely';
import type { CreatorTables } from '../../creator';

/** Conditions over `creator_profiles as p`, built apart from the statements that embed them. */
export const profiles = expressionBuilder<{ p: CreatorTables['creator_profiles'] }, 'p'>();

/**
 * Who is listed (spec 4), for the typed statements: spelt as the partial indexes' predicate is
 * (`is_public and approval_status = 'approved' and phone_verified`), so they serve it.
 */
export const LISTED = profiles.and([
  profiles.ref('p.is_public'),
  profiles('p.approval_status', '=', sql.lit('approved')),
  profiles.ref('p.phone_verified'),
]);
