/**
 * Whether a timestamp written as PostgreSQL prints one (`2026-11-26 05:05:47.123+00`) names a
 * moment that exists: a real calendar day, a time of day, an offset PostgreSQL accepts. A cursor
 * carries such a text back to SQL, and an impossible one (month 13, 31 February) would make the
 * statement fail instead of the request (decision 0504).
 */
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?([+-])(\d\d)(?::(\d\d))?$/;

export function isRealTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = m.slice(1).map(Number) as number[];
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return (
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours! <= 15 &&
    (Number.isNaN(offsetMinutes) || offsetMinutes! <= 59)
  );
}
