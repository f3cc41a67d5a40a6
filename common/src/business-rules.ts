import { linkFrom } from './links';

/**
 * website_social holds a link or a handle. The console and the featured page open it through the
 * one link rule (decisions 0119, 0240): a link (https:// in front when typed without) or, for a
 * handle or other text, null: shown as text, never a link.
 */
export const websiteHref = (value: string | null | undefined): string | null => linkFrom(value);
