/** How many forms (the JSON body, a drawn page per address) one answer keeps at most. */
const MAX_FORMS = 8;

/** What a kept form weighs in bytes, when it says (a body it will send: PreparedBody). */
const weightOf = (form: unknown) => (typeof form === 'object' && form !== null && 'weight' in form ? Number(form.weight) || 0 : 0);

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
      this.kept(weightOf(made));
    }
    return made;
  }
}

interface Entry {
  version: number;
  answer: Promise<DirectoryAnswer<unknown>>;
  /** The bytes its answer's forms weigh (drawn pages are the heavy ones). */
  bytes: number;
  /** Requests waiting for a computation still running, and the switch that cancels its queries. */
  waiting: number;
  abort: AbortController | null;
}

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
 * - At most `maxEntries` keys and `maxBytes` of kept forms, the least recently used going first.
 */
export class DirectoryCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly currentVersion: () => Promise<number>,
    private readonly maxEntries: number,
    private readonly maxBytes = Infinity,
  ) {}

  /**
   * The answer for `key` under the current listing version: kept, being computed, or computed now
   * by `compute` (which gets a signal that aborts once nobody waits for it any more). `caller`
   * aborts when this request's client goes away.
   */
  async get<T>(key: string, compute: (signal: AbortSignal) => Promise<T>, caller?: AbortSignal): Promise<DirectoryAnswer<T>> {
    const version = await this.currentVersion();
    caller?.throwIfAborted();
    let entry = this.entries.get(key);
    if (entry?.version === version) {
      this.entries.delete(key); // re-inserted last: the Map's order is the recency order
      this.entries.set(key, entry);
    } else {
      // A request that read an older version late computes for itself, leaving the newer entry.
      if (entry && entry.version > version) return this.wait(this.start(version, compute, null), caller) as Promise<DirectoryAnswer<T>>;
      if (entry) this.drop(key);
      const started = this.start(version, compute, key);
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

  /** The bytes the kept answers' forms weigh. */
  get weight() {
    return this.bytes;
  }

  /** `key`: where the entry is kept, so its forms count against the budget (null: not kept). */
  private start<T>(version: number, compute: (signal: AbortSignal) => Promise<T>, key: string | null): Entry {
    const abort = new AbortController();
    const entry: Entry = { version, bytes: 0, waiting: 0, abort, answer: null! };
    const kept = (bytes: number) => {
      if (key === null || this.entries.get(key) !== entry) return; // no longer kept: nothing to count
      entry.bytes += bytes;
      this.bytes += bytes;
      this.evict();
    };
    entry.answer = compute(abort.signal)
      .then((value) => new DirectoryAnswer(value, version, kept))
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
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) this.drop(this.entries.keys().next().value!);
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
