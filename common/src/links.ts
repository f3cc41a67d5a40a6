/**
 * One rule for links everywhere (issue 25, decision 0240): the wizard's platform, media kit and
 * link hub links, the business form's website, and what the featured page and the console make
 * clickable. People type links as they see them ("instagram.com/mayaeats"), so a link without a
 * scheme gets "https://" in front; what is stored and shown is that full link.
 */
import { LIMITS } from './constants';

/** A scheme other than http(s) ("javascript:", "mailto:", "ftp:"); "instagram.com:443/x" is a host and port. */
const OTHER_SCHEME = /^[a-z][a-z0-9+-]*:/i;

/**
 * The link to store and open for what a person typed, or null when it is not a web link.
 * Kept as typed (trimmed) when it starts with http:// or https://; "//host/path" and "host/path"
 * get https. Refused: another scheme, spaces, a host without a dot (localhost), a user name or
 * password before the host, more than LIMITS.urlMax characters.
 */
export function linkFrom(typed: string | null | undefined): string | null {
  const text = (typed ?? '').trim();
  if (!text || /\s/.test(text)) return null;
  let link = text;
  if (!/^https?:\/\//i.test(text)) {
    if (text.startsWith('//')) link = `https:${text}`;
    else if (OTHER_SCHEME.test(text)) return null;
    else link = `https://${text}`;
  }
  if (link.length > LIMITS.urlMax) return null;
  try {
    const url = new URL(link);
    const host = url.hostname;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    if (!host.includes('.') || host.startsWith('.') || host.endsWith('.')) return null;
    return link;
  } catch {
    return null;
  }
}
