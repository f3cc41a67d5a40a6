/** How many forms (the JSON body, a drawn page per address) one answer keeps at most. */
const MAX_FORMS = 8;

/** How many keys asked once the cache remembers (decision 0950): about a minute of a storm of new searches. */
const SEEN_ONCE_MAX = 50_000;

/** A 32-bit FNV-1a hash of a key: a small integer, which the JS heap holds without an object. */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 1; // 31 bits: a small integer (Smi) on 64-bit V8
}

/**
 * What keeping an answer costs on the JS heap besides its value and forms (decision 0287): its
 * entry, promise, map of forms, the closure that counts them and its key, about 0.5 kB measured.
 */
export const ANSWER_OVERHEAD = 512;
/** The same for each kept form: its name, its slot in the map, a PreparedBody's object, ETag and Buffer. */
export const FORM_OVERHEAD = 256;

/**
 * An estimate of the bytes a value holds on the JS heap (64-bit V8): 24 B an object and 8 B a
 * property, 32 B an array and 8 B an element, 16 B and its characters a string, 16 B a number
 * that is not a small integer, a Buffer its bytes. Objects in `seen` are not counted again. It is
 * within ~20% above what V8 reports for a profile's value (1.26 kB estimated, 1.06 kB measured),
 * and costs a walk of the value, once, when it is kept.
 */
export function heldBytes(value: unknown, seen = new Set<object>()): number {
  if (typeof value === 'string') return 16 + Math.ceil((value.length * (/^[\x00-\xff]*$/.test(value) ? 1 : 2)) / 8) * 8;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : 16;
  if (typeof value !== 'object' || value === null || seen.has(value)) return 0;
  seen.add(value);
  if (Buffer.isBuffer(value)) return 96 + value.byteLength;
  if (value instanceof Date) return 48;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + 8 + heldBytes(v, seen), 32);
  if (value instanceof Map)
    return [...value].reduce((n: number, [k, v]) => n + 24 + heldBytes(k, seen) + heldBytes(v, seen), 64);
  let n = 24;
  for (const v of Object.values(value)) n += 8 + heldBytes(v, seen);
  return n;
}

/**
 * What a kept form weighs: a body it will send (PreparedBody) says (its bytes); anything else
 * (a page's head and data) is estimated, not counting the answer's value it refers to again.
 */
const weightOf = (form: unknown, value: unknown) =>
  FORM_OVERHEAD +
  (typeof form === 'object' && form !== null && 'weight' in form
    ? Number(form.weight) || 0
    : heldBytes(form, new Set(typeof value === 'object' && value !== null ? [value] : [])));

/**
 * One answer of the public directory, computed under one listing version, and the forms it is
 * sent in (its JSON body, the page drawn from it), each made the first time it is asked for and
 * kept with the answer: they go when the answer goes.
 */
export class DirectoryAnswer<T> {
  private readonly forms = new Map<string, unknown>();

  constructor(
    readonly value: T,
    readonly version: number,
    /** Told the bytes of each form kept, so the cache can hold its budget. */
    private readonly kept: (bytes: number) => void = () => undefined,
  ) {}

  form<F>(name: string, make: () => F): F {
    if (this.forms.has(name)) return this.forms.get(name) as F;
    const made = make();
    if (this.forms.size < MAX_FORMS) {
      this.forms.set(name, made);
      this.kept(2 * name.length + weightOf(made, this.value));
    }
    return made;
  }
}

interface Entry {
  version: number;
  /** When its answer stops being true without any write (a creator's check lapses, decision 0851); null: never. */
  until: number | null;
  answer: Promise<DirectoryAnswer<unknown>>;
  /** The bytes its answer holds: its value and its forms (drawn pages are the heavy ones), estimated. */
  bytes: number;
  /** Requests waiting for a computation still running, and the switch that cancels its queries. */
  waiting: number;
  abort: AbortController | null;
}

/** Whether an answer is kept: always, or from its key's second ask (decision 0950). */
export type Keep = 'always' | 'when-asked-again';

/**
 * The one cache of the public directory (decision 0222): every answer anyone can read without
 * signing in (the overview, a page of a search or a list, a listed profile, the sitemap), kept
 * under the listing version it was computed under and served while that version is the current
 * one. Every write that changes a public fact moves the version (migration ListingFacts), so an
 * answer is never older than the version this process knows; other processes learn of a change
 * through PostgreSQL's notification (ListingVersion).
 *
 * - Concurrent requests for the same key and version share one computation; once every request
 *   waiting for it has gone (its client went away), its queries are cancelled.
 * - At most `maxEntries` keys and `maxBytes` of what the kept answers hold (their values and
 *   forms, as estimated by heldBytes and told by PreparedBody), the least recently used going first
 *   (decision 0287: the forms' bytes alone were 60% of what 20,000 kept profiles held).
 */
export class DirectoryCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /**
   * Hashes of the keys asked once lately, for the answers kept only when asked again (decision
   * 0950): numbers, so remembering them costs the collector nothing. A collision keeps an answer early.
   */
  private seenOnce = new Set<number>();

  constructor(
    private readonly currentVersion: () => Promise<number>,
    private readonly maxEntries: number,
    private readonly maxBytes = Infinity,
    /** The app's clock, in ms: what an answer's expiry is compared with. */
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The answer for `key` under the current listing version: kept, being computed, or computed now
   * by `compute` (which gets a signal that aborts once nobody waits for it any more). `caller`
   * aborts when this request's client goes away. `expires` says when a computed answer stops being
   * true with no write at all (a verification lapses, decision 0851): it is computed again then.
   */
  async get<T>(
    key: string,
    compute: (signal: AbortSignal) => Promise<T>,
    caller?: AbortSignal,
    expires?: (value: T) => number | null,
    /**
     * Kept from the second ask (decision 0950): for keys without end (a search's words), where
     * most are asked once; the first answer is shared by the requests asking at the same time,
     * then dropped. A function decides from the answer computed.
     */
    keep: Keep | ((value: T) => Keep) = 'always',
  ): Promise<DirectoryAnswer<T>> {
    const version = await this.currentVersion();
    caller?.throwIfAborted();
    let entry = this.entries.get(key);
    if (entry?.version === version && entry.until !== null && this.now() >= entry.until) {
      this.drop(key);
      entry = undefined;
    }
    if (entry?.version === version) {
      this.entries.delete(key); // re-inserted last: the Map's order is the recency order
      this.entries.set(key, entry);
    } else {
      // A request that read an older version late computes for itself, leaving the newer entry.
      if (entry && entry.version > version)
        return this.wait(this.start(version, compute, null, expires), caller) as Promise<DirectoryAnswer<T>>;
      if (entry) this.drop(key);
      const askedBefore = keep !== 'always' && this.askedBefore(key);
      const kept = (value: T) => askedBefore || (typeof keep === 'function' ? keep(value) : keep) === 'always';
      const started = this.start(version, compute, key, expires, kept);
      entry = started;
      this.entries.set(key, entry);
      this.evict();
      started.answer.catch(() => {
        if (this.entries.get(key) === started) this.drop(key); // the next request tries again
      });
    }
    return this.wait(entry, caller) as Promise<DirectoryAnswer<T>>;
  }

  get size() {
    return this.entries.size;
  }

  /** The bytes the kept answers hold, their values and forms. */
  get weight() {
    return this.bytes;
  }

  /** Whether `key` was asked lately; remembers it when not (a bounded memory: cleared when full). */
  private askedBefore(key: string): boolean {
    const hash = keyHash(key);
    if (this.seenOnce.delete(hash)) return true;
    if (this.seenOnce.size >= SEEN_ONCE_MAX) this.seenOnce = new Set();
    this.seenOnce.add(hash);
    return false;
  }

  /**
   * `key`: where the entry is kept, so its forms count against the budget (null: not kept).
   * `keep` false for the value computed: in the map only while computing (requests asking
   * meanwhile share it), then dropped.
   */
  private start<T>(
    version: number,
    compute: (signal: AbortSignal) => Promise<T>,
    key: string | null,
    expires?: (value: T) => number | null,
    keep: (value: T) => boolean = () => true,
  ): Entry {
    const abort = new AbortController();
    const entry: Entry = { version, until: null, bytes: 0, waiting: 0, abort, answer: null! };
    const kept = (bytes: number) => {
      if (key === null || this.entries.get(key) !== entry) return; // no longer kept: nothing to count
      entry.bytes += bytes;
      this.bytes += bytes;
      this.evict();
    };
    entry.answer = compute(abort.signal)
      .then((value) => {
        entry.until = expires?.(value) ?? null;
        if (key !== null && !keep(value)) {
          if (this.entries.get(key) === entry) this.drop(key);
        } else if (key !== null) {
          // The value is held as long as the answer is: counted like its forms.
          kept(ANSWER_OVERHEAD + 2 * key.length + heldBytes(value));
        }
        return new DirectoryAnswer(value, version, kept);
      })
      .finally(() => (entry.abort = null));
    return entry;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** The least recently used go first, until the count and the bytes are within their bounds. */
  private evict() {
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1))
      this.drop(this.entries.keys().next().value!);
  }

  private async wait(entry: Entry, caller?: AbortSignal): Promise<DirectoryAnswer<unknown>> {
    const running = entry.abort;
    if (!running || !caller) return entry.answer;
    entry.waiting++;
    const leave = () => {
      if (--entry.waiting === 0 && entry.abort === running) running.abort(caller.reason);
    };
    caller.addEventListener('abort', leave, { once: true });
    try {
      return await entry.answer;
    } finally {
      if (!caller.aborted) {
        caller.removeEventListener('abort', leave);
        entry.waiting--;
      }
    }
  }
}
