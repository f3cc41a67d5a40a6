/**
 * Words too common in creators' names to look them up by (decision 0270). A console search for
 * "Maria Kowalski" matches `full_name ilike '%Maria Kowalski%'` through the names' trigram index,
 * which reads the posting list of every trigram of the text in full: a word that most names share
 * costs far more than the rest of the search. Such a word is left to the recheck, and the index
 * is asked for the text's rarest word only, which the whole text contains: the same rows, found
 * from fewer index entries.
 */

/** Below this many creators every word is cheap to look up: no sample is taken. */
export const NAMES_SAMPLED_FROM = 10_000;
/** About how many names a sample reads. */
const SAMPLED_NAMES = 5_000;
/** A word in at least this share of the sampled names is common. */
const COMMON_SHARE = 0.05;
/** How long a sample stands before the next search takes another (in the background). */
const SAMPLE_TTL_MS = 10 * 60_000;
/** The trigram index cannot look up a word shorter than this by itself. */
const MIN_INDEXED_LENGTH = 3;

/**
 * The word of `text` to ask the names' index for instead of the whole text, or null for the whole
 * text (a single word, no common word in it, or no word left long enough to be looked up). Of the
 * words left, the longest: it has the most trigrams, so it narrows the most.
 */
export function indexedNameWord(text: string, common: ReadonlySet<string>): string | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || !words.some((w) => common.has(w.toLowerCase()))) return null;
  const rare = words.filter((w) => !common.has(w.toLowerCase()) && w.length >= MIN_INDEXED_LENGTH);
  return rare.length ? rare.reduce((a, b) => (b.length > a.length ? b : a)) : null;
}

/** Where the names are sampled: the statements behind it are `admin-list-statements.ts`'s. */
export interface NameSample {
  /** About how many creators there are (PostgreSQL's estimate, no count). */
  names(): Promise<number>;
  /** The words (lower case) in at least `share` of a sample of `percent` % of the table's pages. */
  commonWords(percent: number, share: number): Promise<string[]>;
}

/**
 * The common words of creators' names, from a sample of PostgreSQL's pages: taken on the first
 * search, then again in the background once it is `SAMPLE_TTL_MS` old. Only speed depends on it:
 * a search answers the same rows whatever it holds.
 */
export class CommonNameWords {
  private words: ReadonlySet<string> = new Set();
  private takenAt = -Infinity;
  private taking: Promise<void> | null = null;

  constructor(
    private readonly sample: NameSample,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async current(): Promise<ReadonlySet<string>> {
    if (this.now() - this.takenAt >= SAMPLE_TTL_MS) {
      this.taking ??= this.take().finally(() => (this.taking = null));
      // The first search waits for the first sample; later ones use the one they have.
      if (this.takenAt === -Infinity) await this.taking.catch(() => undefined);
    }
    return this.words;
  }

  private async take() {
    try {
      const names = await this.sample.names();
      this.words =
        names < NAMES_SAMPLED_FROM
          ? new Set()
          : new Set(await this.sample.commonWords(Math.min(100, (100 * SAMPLED_NAMES) / names), COMMON_SHARE));
    } finally {
      // A failed sample is not retried on every search: the last words stand until the next turn.
      this.takenAt = this.now();
    }
  }
}
