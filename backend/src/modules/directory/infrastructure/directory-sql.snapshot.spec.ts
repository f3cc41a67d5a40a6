import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ListedPageQuery } from '../application/directory-reads';
import {
  closeWordsSql,
  listedCountSql,
  listedMatchedPageSql,
  listedOverviewSql,
  listedPageSql,
  listedSuggestionsSql,
  listedWalkCountSql,
  searchWordStatsSql,
  wordStatsAndMatchedPageSql,
} from './directory-sql';
import { PROFILE_SQL } from '../../creator';

/**
 * The directory's statements as PostgreSQL receives them, one per search shape of the bench (issue
 * 35 point 3) and the other public reads, committed beside the builder (issue 38 point 3): a change
 * to a statement's text is a diff of `directory-sql.snapshot.sql` in review, where a plan-sensitive
 * change shows. The test fails when the builder's output and the committed file differ; after a
 * change made on purpose, write the file again with `UPDATE_SQL_SNAPSHOTS=1 npx jest directory-sql.snapshot`.
 */
const FILE = join(__dirname, 'directory-sql.snapshot.sql');
const AT = { key: '2026-11-25 10:00:00+00', id: '00000000-0000-4000-8000-000000000001' };
const CAP = 1_000;

const page = (q: Partial<ListedPageQuery>): ListedPageQuery => ({ order: 'newest', limit: 25, ...q });

/** Each statement with a name saying the shape it serves. */
function statements(): [string, { text: string; values?: unknown[] }][] {
  return [
    ['overview of every city', listedOverviewSql(12, 6)],
    ['overview of one city', listedOverviewSql(12, 6, 'akron')],
    ['profile', { text: PROFILE_SQL }],
    ['list, newest first', listedPageSql(page({}))],
    ['list, next page', listedPageSql(page({ after: AT }))],
    ['list, by followers', listedPageSql(page({ order: 'followers' }))],
    ['list, by name', listedPageSql(page({ order: 'name' }))],
    ['a common niche', listedPageSql(page({ niche: 'Food', nicheShare: 0.5 }))],
    ['a rare niche', listedPageSql(page({ niche: 'Comedy', nicheShare: 0.01 }))],
    ['a city', listedPageSql(page({ city: 'akron' }))],
    [
      'filters: platform, followers, neighbourhood',
      listedPageSql(page({ platform: 'Instagram', min_followers: 10_000, neighborhood: 'Tremont' })),
    ],
    ['search words: their frequencies', searchWordStatsSql('food music', undefined)],
    ['search words of a city: their frequencies', searchWordStatsSql('food', 'akron')],
    [
      'a new search: its words, and its page and count when a word is rare',
      wordStatsAndMatchedPageSql(page({ q: 'creator 1234', order: 'relevance' }), CAP),
    ],
    [
      'a new search in a city with a filter: its words, and its page and count when a word is rare',
      wordStatsAndMatchedPageSql(page({ q: 'imani', order: 'newest', city: 'akron', min_followers: 1_000 }), CAP),
    ],
    ['one rare word: page and count together', listedMatchedPageSql(page({ q: 'imani', order: 'relevance' }), CAP)],
    ['a word and a number', listedMatchedPageSql(page({ q: 'creator 1234', order: 'relevance' }), CAP)],
    [
      'a rare word with a filter',
      listedMatchedPageSql(page({ q: 'imani', order: 'relevance', niche: 'Food', nicheShare: 0.5 }), CAP),
    ],
    ['one common word: a walk of the order', listedPageSql(page({ q: 'food', commonWords: true }))],
    ['two common words: a walk of the order', listedPageSql(page({ q: 'food music', commonWords: true }))],
    ['common words, a deep page', listedPageSql(page({ q: 'food music', commonWords: true, after: AT }))],
    ['common words in a city', listedPageSql(page({ q: 'food', commonWords: true, city: 'akron' }))],
    [
      'common words, a walk stopped short: the page through the text index',
      listedPageSql(page({ q: 'food music', after: AT }), { wordsIndex: true }),
    ],
    ['common words: their count, bounded', listedWalkCountSql({ q: 'food music' }, CAP, 2_000)],
    ['a count', listedCountSql({ q: 'imani' }, CAP)],
    ['nothing found: close words', closeWordsSql('imanni', undefined, 5)],
    ['nothing found: the names suggested', listedSuggestionsSql('imanni', 'imani', undefined, 3)],
  ];
}

function render(): string {
  const lines = ['-- The directory statements (directory-sql.ts), as directory-sql.snapshot.spec.ts builds them.', ''];
  for (const [name, s] of statements()) {
    lines.push(`-- ${name}`);
    // The text as sent; trailing spaces trimmed so an editor's habits never make a diff.
    lines.push(...s.text.split('\n').map((l) => l.trimEnd()));
    if (s.values?.length) lines.push(`-- values: ${JSON.stringify(s.values)}`);
    lines.push('');
  }
  return lines.join('\n');
}

describe('directory statements, committed (directory-sql.snapshot.sql)', () => {
  it('are the texts the builder makes today', () => {
    const built = render();
    if (process.env.UPDATE_SQL_SNAPSHOTS === '1') writeFileSync(FILE, built);
    expect(built).toBe(readFileSync(FILE, 'utf8'));
  });
});
