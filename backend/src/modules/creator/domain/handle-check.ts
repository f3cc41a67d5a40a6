import { createHash, randomInt, randomUUID } from 'node:crypto';
import { checkLapsed, linkKey, type PlatformName } from '@local-creators/common';

/** Letters and digits nobody misreads on a phone call (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short code such as `LC-7F3K` for the creator to put in a platform's bio until the check. */
export function newHandleCode(): string {
  let code = 'LC-';
  for (let i = 0; i < 4; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * One platform handle of a profile and the proof that its creator owns it (table handle_checks,
 * decision 0502): the code shown to the creator, and who confirmed seeing it on the platform, when.
 */
export class HandleCheck {
  id: string;
  profileId: string;
  platform: PlatformName;
  handle: string;
  /** The handle's link as the creator gave it: a different address clears the confirmation (decision 0509). */
  url: string;
  code: string;
  confirmedAt: Date | null;
  /** The confirming admin's e-mail, as it was then. */
  confirmedBy: string | null;
  /** Optimistic lock: a confirmation applies only to the handle the admin saw. */
  version: number;
  createdAt: Date;

  static issue(profileId: string, platform: PlatformName, handle: string, now: Date, url = ''): HandleCheck {
    const c = new HandleCheck();
    c.id = randomUUID();
    c.profileId = profileId;
    c.platform = platform;
    c.handle = handle;
    c.url = url;
    c.code = newHandleCode();
    c.confirmedAt = null;
    c.confirmedBy = null;
    c.version = 1;
    c.createdAt = now;
    return c;
  }

  /** Confirmed a year ago or more (decision 0800): the handle asks for a new code in its bio. */
  renewalDue(now: Date): boolean {
    return this.confirmedAt !== null && checkLapsed(this.confirmedAt, now);
  }

  /**
   * The code to show now. A confirmation a year old asks for a new one, named by the check and
   * the confirmation it renews, so the creator and the admins see the same code with nothing
   * written when the year passes.
   */
  codeAt(now: Date): string {
    if (!this.renewalDue(now)) return this.code;
    const digest = createHash('sha256').update(`${this.id}:${this.confirmedAt!.toISOString()}`).digest();
    let code = 'LC-';
    for (let i = 0; i < 4; i++) code += CODE_ALPHABET[digest[i]! % CODE_ALPHABET.length];
    return code === this.code
      ? `${code.slice(0, -1)}${CODE_ALPHABET[(CODE_ALPHABET.indexOf(code.at(-1)!) + 1) % CODE_ALPHABET.length]}`
      : code;
  }

  /** An admin saw the code in the platform's bio during the check (the new one, when it was due). */
  confirm(adminEmail: string, now: Date) {
    this.code = this.codeAt(now);
    this.confirmedAt = now;
    this.confirmedBy = adminEmail;
  }

  /** Taken back (the admin clicked by mistake, or the code is gone from the bio). */
  unconfirm() {
    this.confirmedAt = null;
    this.confirmedBy = null;
  }
}

/** A confirmed handle the creator changed or removed: its confirmation is gone (the admins are told). */
export interface ClearedHandle {
  platform: PlatformName;
  before: string;
  /** The platform's handle now, or null when the platform was removed. */
  after: string | null;
  /** Set when only the link changed (the handle is the same): its address before and after. */
  link?: { before: string; after: string };
}

/** What a profile's save does to its checks: one per platform and handle, kept while the handle stays. */
export interface HandleCheckPlan {
  issue: HandleCheck[];
  remove: HandleCheck[];
  cleared: ClearedHandle[];
}

/** One platform handle as people read it: without case, spaces or a leading '@'. */
export const handleKey = (platform: string, handle: string) =>
  `${platform}:${handle.trim().replace(/^@+/, '').toLowerCase()}`;

/**
 * Compares a profile's platforms with its checks. A handle is proven as it is: a new or changed
 * handle gets a new check (keeping the code the platform had, which may already be in its bio),
 * and the old check goes, with its confirmation.
 */
export function planHandleChecks(
  profileId: string,
  checks: readonly HandleCheck[],
  platforms: readonly { name: PlatformName; handle: string; url?: string }[],
  now: Date,
): HandleCheckPlan {
  const existing = new Map(checks.map((c) => [handleKey(c.platform, c.handle), c]));
  const wanted = new Map(platforms.map((p) => [handleKey(p.name, p.handle), p]));
  const remove = [...existing].filter(([k]) => !wanted.has(k)).map(([, c]) => c);
  const issue: HandleCheck[] = [];
  const cleared: ClearedHandle[] = [];
  for (const [k, p] of wanted) {
    const kept = existing.get(k);
    const url = p.url ?? '';
    if (kept && linkKey(kept.url) === linkKey(url)) {
      kept.handle = p.handle; // the same handle, perhaps spelled anew: nothing to prove again
      kept.url = url;
      continue;
    }
    if (kept) {
      // Only the link changed: it may point anywhere now, so what was confirmed is gone.
      if (kept.confirmedAt)
        cleared.push({
          platform: kept.platform,
          before: kept.handle,
          after: p.handle,
          link: { before: kept.url, after: url },
        });
      kept.handle = p.handle;
      kept.url = url;
      kept.unconfirm();
      continue;
    }
    const check = HandleCheck.issue(profileId, p.name, p.handle, now, url);
    const replaced = remove.find((c) => c.platform === p.name);
    if (replaced) check.code = replaced.code;
    issue.push(check);
  }
  for (const c of remove.filter((c) => c.confirmedAt !== null))
    cleared.push({
      platform: c.platform,
      before: c.handle,
      after: platforms.find((p) => p.name === c.platform && !existing.has(handleKey(p.name, p.handle)))?.handle ?? null,
    });
  return { issue, remove, cleared };
}
