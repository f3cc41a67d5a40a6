/**
 * A moment's calendar day in a time zone, as YYYY-MM-DD (decision 0801). The public site prints
 * such days without `Intl` (decision 0216), so the server, which knows the city's zone, names them.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function cityDay(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(at);
}
