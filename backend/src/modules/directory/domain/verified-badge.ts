import { TRUST_TEXT, formatDay } from '@local-creators/common';
import { isVerifiedNow } from '../../creator';

/** What the live badge says (decision 0802): verified with the day of the last check, or not. */
export type BadgeState = { verified: true; city: string; checkedOn: string } | { verified: false; city: string };

/**
 * The badge's state now: verified while the creator is listed and the admin's last check has not
 * lapsed (decision 0800); anything else, unknown ids included, is "Not currently verified".
 */
export function badgeStateOf(
  listed: { city: string; verified: boolean; reviewed_at: string | null; reviewed_on: string | null } | null,
  city: string,
  now: Date,
): BadgeState {
  // The same rule as every other place that says "verified" (decision 0851).
  const verified =
    !!listed &&
    isVerifiedNow({ approvalStatus: 'approved', phoneVerified: listed.verified, checkedAt: listed.reviewed_at }, now);
  if (!listed || !listed.reviewed_on || !verified) return { verified: false, city: listed?.city ?? city };
  return { verified: true, city: listed.city, checkedOn: listed.reviewed_on };
}

export const BADGE_WIDTH = 340;
export const BADGE_HEIGHT = 96;

export const BADGE_TEXT = {
  verified: 'Verified local creator',
  notVerified: TRUST_TEXT.notVerified,
  product: 'Local Creators',
} as const;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A line of text, in a smaller size when a long city or date would run past the badge's edge
 * (textLength would also stretch short lines, and librsvg, which draws the PNG, ignores it).
 */
function line(text: string, x: number, y: number, size: number, weight: number, fill: string, max: number) {
  // A wide sans-serif's width per character (DejaVu's, the PNG's fallback), so any font fits.
  const perChar = weight >= 600 ? 0.66 : 0.6;
  const fitting = Math.max(9, Math.min(size, Math.floor((max / (text.length * perChar)) * 10) / 10));
  const room = Math.floor(max / (fitting * perChar));
  const shown = text.length > room ? `${text.slice(0, room - 1)}…` : text;
  return `<text x="${x}" y="${y}" font-size="${fitting}" font-weight="${weight}" fill="${fill}">${escapeXml(shown)}</text>`;
}

/**
 * The badge as SVG: the product's mark, what it says, the city and the day of the last check,
 * linked to the profile. 340 × 96, so it reads at the width of a phone (375 px) unscaled.
 */
export function verifiedBadgeSvg(state: BadgeState, profileUrl: string): string {
  const title = state.verified
    ? `${BADGE_TEXT.verified} in ${state.city}, last checked ${formatDay(state.checkedOn)}`
    : `${BADGE_TEXT.notVerified} as a local creator in ${state.city}`;
  const [face, edge, text, muted] = state.verified
    ? ['#5b21b6', '#f59e0b', '#1e1b4b', '#4b5563']
    : ['#9ca3af', '#d1d5db', '#374151', '#6b7280'];
  const mark = state.verified
    ? // a check in the seal
      `<path d="M30 48.5l7 7 14-15" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`
    : // a dash: no check holds now
      `<path d="M31 48h18" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>`;
  const x = 84;
  const max = BADGE_WIDTH - x - 14;
  const lines = state.verified
    ? [
        line(BADGE_TEXT.product, x, 24, 11, 600, muted, max),
        line(BADGE_TEXT.verified, x, 45, 16, 700, text, max),
        line(state.city, x, 64, 14, 600, face, max),
        line(`Last checked ${formatDay(state.checkedOn)}`, x, 82, 12, 400, muted, max),
      ]
    : [
        line(BADGE_TEXT.product, x, 30, 11, 600, muted, max),
        line(BADGE_TEXT.notVerified, x, 52, 16, 700, text, max),
        line(state.city, x, 72, 13, 400, muted, max),
      ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" viewBox="0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}" role="img" aria-labelledby="lc-badge-title">`,
    `<title id="lc-badge-title">${escapeXml(title)}</title>`,
    `<a href="${escapeXml(profileUrl)}" target="_top">`,
    `<rect x="1" y="1" width="${BADGE_WIDTH - 2}" height="${BADGE_HEIGHT - 2}" rx="14" fill="#ffffff" stroke="${edge}" stroke-width="2"/>`,
    // The mark: the seal of the downloadable badge, amber rim and violet face.
    `<circle cx="40" cy="48" r="30" fill="${edge}"/><circle cx="40" cy="48" r="24" fill="${face}"/>`,
    mark,
    `<g font-family="Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif">`,
    ...lines,
    `</g>`,
    `</a>`,
    `</svg>`,
  ].join('');
}
