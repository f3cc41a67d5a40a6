/** Quick rate calculator (spec point 9): dollars per post from total followers. */
import { MSG } from './messages';

export interface RateEstimate {
  min: number;
  max: number;
}

export function estimateRate(followers: number): RateEstimate {
  const f = followers;
  if (f < 10_000) return { min: Math.round(75 + (f / 10_000) * 175), max: 250 };
  if (f < 100_000) return { min: 250, max: Math.round(250 + ((f - 10_000) / 90_000) * 1_000) };
  if (f < 1_000_000) return { min: 1_250, max: Math.round(1_250 + ((f - 100_000) / 900_000) * 1_250) };
  return { min: 5_000, max: Math.min(50_000, Math.round(5_000 + ((f - 1_000_000) / 1_000_000) * 45_000)) };
}

/** Parses what the visitor typed ("12,500" is fine); a non-positive or non-numeric value is an error. */
export function calculateRate(
  input: string,
): { ok: true; estimate: RateEstimate } | { ok: false; title: string; message: string } {
  const followers = Number(input.replace(/[,\s_]/g, ''));
  if (input.trim() === '' || !Number.isFinite(followers) || followers <= 0) {
    return { ok: false, title: MSG.calculatorOops, message: MSG.calculatorInvalid };
  }
  return { ok: true, estimate: estimateRate(followers) };
}

/** Shown with every result. */
export const VIDEO_SURCHARGE_NOTE = 'Add 25% for video content.';

export const PLAYBOOK_TIERS = [
  { tier: 'Nano', followers: '1K-10K', range: '$75-$250', note: 'add 50% for Reels or TikTok' },
  { tier: 'Micro', followers: '10K-100K', range: '$250-$1,250', note: 'bundles 20-40% more' },
  { tier: 'Macro', followers: '100K-1M', range: '$1,250-$2,500+', note: null },
  { tier: 'VIP', followers: '1M+', range: '$5K-$50K+', note: null },
] as const;

export const PLAYBOOK_STATS = { industry: '32.5B', undercharge: '70%' } as const;
