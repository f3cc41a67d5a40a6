import { OptimisticLockError } from '@mikro-orm/core';
import { MSG } from '@local-creators/common';
import { DomainError } from './domain-error';

/**
 * Admin decisions apply only to the state the admin saw. The console sends the record's
 * `version` with each decision; the row carries a version column (MikroORM's optimistic lock)
 * that every write moves on. `version` in a body: a whole number, or absent (then the write is
 * still refused when another one landed between this request's read and its write).
 */
export function expectedVersion(body: unknown, required = false): number | undefined {
  const raw =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as { version?: unknown }).version
      : undefined;
  if (raw === undefined && !required) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0)
    throw DomainError.invalid('VERSION.INVALID', MSG.badVersion, 'version');
  return raw;
}

/** A refused write: another decision (or the owner's edit) changed the row first. */
export function checkVersion(expected: number | undefined, actual: number, conflict: () => DomainError) {
  if (expected !== undefined && expected !== actual) throw conflict();
}

/** Runs a flush; a lost optimistic lock (someone wrote the row after we read it) becomes the 409. */
export async function flushOrConflict(flush: () => Promise<void>, conflict: () => DomainError) {
  try {
    await flush();
  } catch (error) {
    if (error instanceof OptimisticLockError) throw conflict();
    throw error;
  }
}
