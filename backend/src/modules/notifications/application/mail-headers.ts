/** C0 controls (with TAB, CR, LF and U+001E), DEL and C1 controls: never in a mail header. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A header's value with no control characters (decision 0831): line breaks and tabs become one
 * space, the rest are dropped, so nothing a sender typed (a brand's name in the Subject) can end
 * a header, start another, or hide in one.
 */
export const headerText = (value: string) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(CONTROL, '')
    .replace(/ {2,}/g, ' ')
    .trim();

/**
 * Every header a mail is sent with, made safe in this one place: the Mailer adapter sends what
 * this answers (Subject, From's display name, To, Reply-To, and any other header).
 */
export function withSafeHeaders<
  M extends { from: string; to: string[]; subject: string; replyTo?: string; headers?: Record<string, string> },
>(message: M): M {
  return {
    ...message,
    ...(message.headers === undefined
      ? {}
      : {
          headers: Object.fromEntries(
            Object.entries(message.headers).map(([k, v]) => [k.replace(/[^A-Za-z0-9-]/g, ''), headerText(v)]),
          ),
        }),
    from: headerText(message.from),
    to: message.to.map(headerText),
    subject: headerText(message.subject),
    ...(message.replyTo === undefined ? {} : { replyTo: headerText(message.replyTo) }),
  };
}
