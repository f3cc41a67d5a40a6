import fc from 'fast-check';
import { COLLAB_TYPES, CONTENT_TYPES, NICHES, PLATFORM_NAMES } from '@local-creators/common';
import { ShapedStatements } from '../../../database/typed-sql';
import type { ListedPageQuery } from '../application/directory-reads';
import {
  closeWordsSql,
  listedCountSql,
  listedOverviewSql,
  listedSuggestionsSql,
  listedMatchedPageSql,
  listedPageSql,
  listedWalkCountSql,
  walkStoppedShort,
  wordStatsAndMatchedPageSql,
} from './directory-sql';

const position = fc.record({ key: fc.string({ maxLength: 12 }), id: fc.uuid() });
const query: fc.Arbitrary<ListedPageQuery> = fc.record(
  {
    niche: fc.constantFrom(...NICHES),
    nicheShare: fc.constantFrom(0, 0.01, 0.02, 0.5),
    platform: fc.constantFrom(...PLATFORM_NAMES),
    min_followers: fc.constantFrom(0, 1, 50_000),
    neighborhood: fc.constantFrom('Tremont', 'lake', '%_'),
    content_type: fc.constantFrom(...CONTENT_TYPES),
    collab_type: fc.constantFrom(...COLLAB_TYPES),
    handles: fc.constant('confirmed' as const),
    city: fc.constantFrom('akron', 'parma'),
    replies_within: fc.constantFrom(1, 3, 7),
    min_local_share: fc.constantFrom(20, 50),
    local_share_since: fc.constant('2026-09-01'),
    commonWords: fc.boolean(),
    // Words, a handle, a phrase, punctuation only, short and long: each changes the statement.
    q: fc.constantFrom('food', 'cle 12', '@cle_creator_12', 'ab', 'x y', '!!', '@', 'creator 123 tremont', 'ö'),
    order: fc.constantFrom('relevance', 'newest', 'followers', 'name'),
    after: position,
    before: position,
    limit: fc.integer({ min: 1, max: 51 }),
  },
  { requiredKeys: ['order', 'limit'] },
);

describe('directory statements', () => {
  // Statements are kept by shape (decision 0999): here every statement is also compiled anew and
  // compared with the one kept for its shape, so a shape key that misses a decision throws.
  beforeAll(() => (ShapedStatements.compareEveryCompile = true));
  afterAll(() => (ShapedStatements.compareEveryCompile = false));

  it('build one text per shape, whatever the values', () => {
    fc.assert(
      fc.property(query, (q) => {
        for (const build of [
          () => listedPageSql(q),
          () => listedPageSql(q, { wordsIndex: true }),
          () => listedPageSql({ ...q, commonWords: true }),
          () => listedMatchedPageSql(q, 1_000),
          () => wordStatsAndMatchedPageSql(q, 1_000),
          () => listedCountSql(q, 1_000),
          () => listedWalkCountSql(q, 1_000, 10_000),
          () => closeWordsSql(q.q ?? '', q.city, 5),
          () => listedSuggestionsSql(q.q ?? '', 'creator', q.city, 3),
          () => listedOverviewSql(12, 6, q.city),
        ]) {
          const { text, values } = build();
          // Every $n the text names has a value, and no value goes unused.
          const named = new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
          expect(named).toEqual(new Set(values.map((_, i) => i + 1)));
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('build another text for another shape', () => {
    const words = listedPageSql({ q: 'food', order: 'newest', limit: 21 }).text;
    expect(listedPageSql({ q: 'eats', order: 'newest', limit: 21 }).text).toBe(words);
    // Two words are not looked for in the names' trigrams.
    expect(listedPageSql({ q: 'food truck', order: 'newest', limit: 21 }).text).not.toBe(words);
    expect(
      listedPageSql({
        q: 'food',
        order: 'newest',
        limit: 21,
        after: { key: '2026-11-25 10:00:00+00', id: crypto.randomUUID() },
      }).text,
    ).not.toBe(words);
  });
});

describe('a walk of the order for common words (decision 0280)', () => {
  const row = (matched: boolean, last = false) => ({ __matched: matched, __last: last });

  it('is planned for the page it takes: no sort and no limit of the walk around or inside its window', () => {
    for (const order of ['newest', 'followers', 'name'] as const) {
      for (const cursor of [{}, { after: { key: '2026-11-25 10:00:00+00', id: crypto.randomUUID() } }]) {
        const { text } = listedPageSql({ q: 'food music', commonWords: true, order, limit: 25, ...cursor });
        // Everything after the window's own `order by`: its where, then the page's filter and limit.
        const window = text.indexOf('row_number() over(order by');
        expect(window).toBeGreaterThan(0);
        const afterWindow = text.slice(window + 'row_number() over('.length);
        expect(afterWindow.match(/\border by\b/g)).toHaveLength(1);
        expect(afterWindow).not.toMatch(/limit \d/);
        expect(afterWindow).toMatch(/where \("p"\."__read" <= 1000 and/);
      }
    }
  });

  it('stopped short when its last row read came before a full page', () => {
    expect(walkStoppedShort([row(true), row(false, true)], 21)).toBe(true);
    expect(walkStoppedShort([row(true), row(true, true)], 21)).toBe(true);
  });

  it('did not when it found its page, or reached the end of the listing first', () => {
    expect(walkStoppedShort([row(true), row(true, true)], 2)).toBe(false);
    expect(walkStoppedShort([row(true), row(true)], 21)).toBe(false);
    expect(walkStoppedShort([], 21)).toBe(false);
    // A page read any other way has neither column.
    expect(walkStoppedShort([{}, {}], 21)).toBe(false);
  });
});
