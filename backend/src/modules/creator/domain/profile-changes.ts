import type { ProfileFieldChange, ProfileInput } from '@local-creators/common';

/** The fields of the application form, in the form's order, with the labels admins read. */
const FIELDS: readonly (readonly [keyof ProfileInput, string])[] = [
  ['full_name', 'Full name'],
  ['phone', 'Phone'],
  ['bio', 'Bio'],
  ['neighborhood', 'Neighborhood'],
  ['platforms', 'Platforms'],
  ['niches', 'Niches'],
  ['content_types', 'Content types'],
  ['collab_types', 'Collaboration types'],
  ['media_kit_url', 'Media kit'],
  ['link_hub_url', 'Link hub'],
  ['can_use_name_publicly', 'Name shown publicly'],
];

type Platform = ProfileInput['platforms'][number];
const platformText = (p: Platform) =>
  [p.name, p.handle ? `@${p.handle.replace(/^@/, '')}` : '', p.url, `${p.followers.toLocaleString('en-US')} followers`]
    .filter(Boolean)
    .join(' ');

/** One value as a person reads it; null for "nothing". */
function text(value: ProfileInput[keyof ProfileInput]): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? null : value;
  if (value.length === 0) return null;
  return typeof value[0] === 'object'
    ? (value as Platform[]).map(platformText).join('; ')
    : (value as string[]).join(', ');
}

/** The fields that read differently in `after` than in `before`, in the form's order. */
export function diffProfiles(before: ProfileInput, after: ProfileInput): ProfileFieldChange[] {
  const changes: ProfileFieldChange[] = [];
  for (const [field, label] of FIELDS) {
    const b = text(before[field]);
    const a = text(after[field]);
    if (a !== b) changes.push({ field, label, before: b, after: a });
  }
  return changes;
}

/** `Full name: "Old" → "New"`, one line per field (the audit row's notes). */
export function describeChanges(changes: readonly ProfileFieldChange[]): string {
  const q = (v: string | null) => (v === null ? '—' : `"${v}"`);
  return changes.map((c) => `${c.label}: ${q(c.before)} → ${q(c.after)}`).join('\n');
}
