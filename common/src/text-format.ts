/**
 * Numbers and dates as the public pages print them, in English, without `Intl`. A page's first
 * `Intl` formatter loads the browser's locale data: on a phone that is 100–160 ms of blocked main
 * thread for the first number and 35–45 ms for the first date, at Lighthouse's 4× CPU slowdown
 * (issue 12). The server's renderer uses the same functions, so a drawn page hydrates as drawn.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1234567 → "1,234,567" (as `toLocaleString('en-US')` prints a whole number). */
export function formatCount(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && digits !== '0' ? `-${grouped}` : grouped;
}

/**
 * "November 3, 2026" for a calendar day written YYYY-MM-DD (the server gives days in the city's
 * time zone, decision 0801), or for a timestamp's day in UTC.
 */
export function formatDay(day: string | Date): string {
  const d = new Date(day);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "November 2026": a date's month in UTC, the time zone the server draws pages in (decision 0216). */
export function formatMonthYear(date: string | Date): string {
  const d = new Date(date);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * A name's possessive, as the product writes it everywhere: "Akron's", and a name ending in s
 * takes the apostrophe alone ("Rubber City Roasters'", "Columbus'"), the common style guides' rule
 * for plurals and the one most readers expect of a business's name.
 */
export function possessive(name: string): string {
  const trimmed = name.trimEnd();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
