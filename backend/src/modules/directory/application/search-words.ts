/**
 * How a search is read, decided from the kept word table before any creator is read (decision
 * 0280), and what "Did you mean …?" offers for words nobody has (decision 0250). Pure: the
 * directory service asks the reads port for the numbers and follows these answers.
 */

/** `q` as typed on a card's handle or name: lowercased, without a leading '@'. */
export const searchText = (q: string) => q.trim().toLowerCase().replace(/^@+/, '');

/** `q` as the words PostgreSQL's 'simple' parser would find: lowercased, at most 16. */
export const searchWords = (q: string): string[] => (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);

/**
 * Whether `q` is also looked for as any part of a shown name or handle ("@cle_creator_12",
 * "eats"): a single term of 3 characters or more, as a handle is. The trigram index needs 3
 * characters, and a phrase's common trigrams would cost more than they find.
 */
export const searchedInNames = (q: string) => {
  const text = searchText(q);
  return text.length >= 3 && !/\s/.test(text);
};

/**
 * How many of the word table's words a word being typed (the last, a prefix) is looked up among:
 * a short prefix ("c") begins a great many words; past this many its total is not known.
 */
export const PREFIX_WORDS_READ = 2_000;

/**
 * How many rows of the listing's newest-first order a search of common words reads to count its
 * matches up to the cap; fewer found there, and the text index counts them instead.
 */
export const SEARCH_WALK_READ = 10_000;

/**
 * How many rows of the order a page of common words reads at most, checking each for the words;
 * past that it reads the page through the text index (decision 0280). Within the plan budget of
 * 2,000 index entries a statement (backend/test/creator/search-budgets.api.spec.ts), and enough
 * for a page of 48 among words one creator in twenty has.
 */
export const PAGE_WALK_READ = 1_000;

/**
 * "Did you mean …?" ranks at most this many creators of a corrected search (decision 0250); a
 * corrected search whose rarest word more have is offered as its words instead of their names.
 */
export const SUGGESTION_CANDIDATES = 200;

/** What the word table says of a search's words, in the scope searched (one city or all). */
export interface SearchWordStats {
  /** For each word but the last: how many listed creators have it. */
  exact: number[];
  /** The last word, a prefix: the most creators of one word it begins (a lower bound of its matches). */
  most: number;
  /** The sum over the words it begins (an upper bound), as far as `words` were read. */
  total: number;
  /** How many words it begins, read up to PREFIX_WORDS_READ. */
  words: number;
}

/**
 * - `none`: a word no listed creator has (and no name is searched): nobody matches, nothing is read;
 * - `common`: one word more creators have than the cap: "1,000+" without counting;
 * - `rare`: a word at most the cap have: the text index finds the few, with the page;
 * - `walk`: every word common, or common with filters: the matches are counted along the order.
 */
export type SearchCountPlan = 'none' | 'common' | 'rare' | 'walk';

export function searchCountPlan(
  q: string,
  stats: SearchWordStats,
  opts: { cap: number; narrowed: boolean },
): SearchCountPlan {
  const words = searchWords(q);
  if (words.length === 0) return 'rare';
  const inNames = searchedInNames(q);
  const unknown = stats.exact.some((n) => n === 0) || stats.words === 0;
  if (unknown) return inNames ? 'rare' : 'none';
  // One word's creators all match it (a name's part may only add more).
  if (!opts.narrowed && words.length === 1 && stats.most > opts.cap) return 'common';
  // A part of a name may match where no word does, so the words bound nothing: counted along the
  // order when every word is common, else by the text and trigram indexes.
  if (inNames) return Math.min(...stats.exact, stats.most) > opts.cap ? 'walk' : 'rare';
  const prefixBound = stats.words < PREFIX_WORDS_READ ? stats.total : Infinity;
  return Math.min(...stats.exact, prefixBound) <= opts.cap ? 'rare' : 'walk';
}

/** One of `q`'s words as the word table knows it, with close known words when nobody has it. */
export interface KnownWord {
  word: string;
  /** Listed creators with the word (the last: with a word it begins). */
  creators: number;
  /** Close known words, closest first, and their creators (empty for a known word). */
  close: string[];
  counts: number[];
}

/** A search of `q` with close words for its unknown ones: its words, and its rarest word's creators. */
export interface CorrectedSearch {
  words: string[];
  rarest: number;
}

/**
 * The searches "Did you mean …?" may offer for `words` (decision 0250): none when every word is
 * known (nobody matched their combination: no word to correct), or when an unknown word has no
 * close word. Otherwise up to `max`: the first unknown word's close words in turn, every other
 * unknown word at its closest.
 */
export function correctedSearches(words: KnownWord[], max: number): CorrectedSearch[] {
  const unknown = words.filter((w) => w.creators === 0);
  if (unknown.length === 0 || unknown.some((w) => w.close.length === 0)) return [];
  const first = unknown[0]!;
  return first.close.slice(0, max).map((_, choice) => {
    const picked = words.map((w) =>
      w.creators > 0
        ? { word: w.word, creators: w.creators }
        : { word: w.close[w === first ? choice : 0]!, creators: w.counts[w === first ? choice : 0]! },
    );
    return { words: picked.map((p) => p.word), rarest: Math.min(...picked.map((p) => p.creators)) };
  });
}

/**
 * A corrected search as text to offer, written the way `q` was: each word replaced in place, a
 * replacement capitalised where the word typed began with a capital.
 */
export function correctedText(q: string, corrected: string[]): string {
  let i = 0;
  return q.trim().replace(/[\p{L}\p{N}]+/gu, (typed) => {
    const word = corrected[i++];
    if (word === undefined || word === typed.toLowerCase()) return typed;
    return /^\p{Lu}/u.test(typed) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  });
}
