import { MSG } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

/**
 * `type_of_help` arrives as a JSON array (JSON bodies, or one multipart field holding JSON), as
 * repeated multipart fields (`type_of_help` or `type_of_help[]`, read into an array),
 * or as a single plain field. All of them become one list; empty entries are dropped.
 */
export function readTypeOfHelp(raw: unknown): unknown {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return raw.filter((v) => !(typeof v === 'string' && v.trim() === ''));
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (text === '') return [];
  if (!text.startsWith('[')) return [text];
  try {
    return readTypeOfHelp(JSON.parse(text));
  } catch {
    throw DomainError.invalid('VALIDATION', MSG.typeOfHelpUnknown, 'type_of_help');
  }
}

/** The form's fields without the honeypot, with type_of_help read into a list. */
export function readSubmissionForm(body: unknown): { fields: Record<string, unknown>; honeypot: unknown } {
  const { company_website: honeypot, ...fields } = (
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}
  ) as Record<string, unknown>;
  return { fields: { ...fields, type_of_help: readTypeOfHelp(fields.type_of_help) }, honeypot };
}
