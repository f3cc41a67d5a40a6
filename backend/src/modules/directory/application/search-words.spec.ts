import {
  correctedSearches,
  correctedText,
  PREFIX_WORDS_READ,
  searchCountPlan,
  type SearchWordStats,
} from './search-words';

const stats = (over: Partial<SearchWordStats>): SearchWordStats => ({
  exact: [],
  most: 1,
  total: 1,
  words: 1,
  ...over,
});
const plan = (q: string, s: Partial<SearchWordStats>, narrowed = false) =>
  searchCountPlan(q, stats(s), { cap: 1000, narrowed });

describe('how a search is read, from the word table (decision 0280)', () => {
  it('reads nothing when a word no listed creator has is searched', () => {
    expect(plan('creator zzqxv', { exact: [100_000], words: 0, most: 0, total: 0 })).toBe('none');
    expect(plan('zzqxv creator', { exact: [0], most: 100_000, total: 100_000 })).toBe('none');
    expect(plan('zzqxv creator', { exact: [0], most: 100_000, total: 100_000 }, true)).toBe('none');
  });

  it('still looks in the names for one term, which may be part of a handle no word is', () => {
    expect(plan('eats', { words: 0, most: 0, total: 0 })).toBe('rare');
  });

  it('knows one word of more creators than the cap matches more than the cap, without counting', () => {
    expect(plan('food', { most: 100_000, total: 100_050, words: 3 })).toBe('common');
    expect(plan('@food', { most: 1001, total: 1001 })).toBe('common');
    expect(plan('food', { most: 1000, total: 1000 })).toBe('rare');
  });

  it('counts a common word with a filter, or several common words, along the order', () => {
    expect(plan('food', { most: 100_000, total: 100_000 }, true)).toBe('walk');
    expect(plan('food music', { exact: [20_000], most: 20_000, total: 20_000 })).toBe('walk');
  });

  it('leaves the few matches of a rare word to the text index', () => {
    expect(plan('creator 57384', { exact: [100_000], most: 1, total: 1 })).toBe('rare');
    expect(plan('imani brooks', { exact: [3], most: 50_000, total: 50_000 })).toBe('rare');
    expect(plan('creator 5', { exact: [100_000], most: 1, total: 900, words: 900 }, true)).toBe('rare');
  });

  it('does not take a prefix of too many words to be rare', () => {
    expect(plan('creator 1', { exact: [100_000], most: 1, total: PREFIX_WORDS_READ, words: PREFIX_WORDS_READ })).toBe(
      'walk',
    );
  });
});

describe('"Did you mean" from close words (decision 0250)', () => {
  const known = (word: string, creators: number) => ({ word, creators, close: [], counts: [] });

  it('offers nothing when every word is known: their combination found nobody', () => {
    expect(correctedSearches([known('food', 900), known('123', 1)], 3)).toEqual([]);
  });

  it('replaces the unknown words with their close words, the first one in turn', () => {
    const words = [known('maya', 40), { word: 'brokks', creators: 0, close: ['brooks', 'brook'], counts: [12, 3] }];
    expect(correctedSearches(words, 3)).toEqual([
      { words: ['maya', 'brooks'], rarest: 12 },
      { words: ['maya', 'brook'], rarest: 3 },
    ]);
  });

  it('offers nothing when an unknown word has no close word', () => {
    expect(correctedSearches([{ word: 'zzqxv', creators: 0, close: [], counts: [] }], 3)).toEqual([]);
  });

  it('writes a correction the way the search was typed', () => {
    expect(correctedText('Maya Brokks', ['maya', 'brooks'])).toBe('Maya Brooks');
    expect(correctedText('  creatr 12', ['creator', '12'])).toBe('creator 12');
  });
});
