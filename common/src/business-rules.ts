/**
 * website_social is stored as typed: a URL, a bare domain, or a handle. One rule, used by the
 * console and the featured page alike (decision 0119): a URL stays, a bare domain (or domain/path)
 * opens over https, anything else is text and never a link.
 */
export function websiteHref(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (/^https?:\/\/\S+$/i.test(v)) return v;
  if (/^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(v)) return `https://${v}`;
  return null;
}
