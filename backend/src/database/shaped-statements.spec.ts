import { sql } from 'kysely';
import { compileOnly, ShapedStatements } from './typed-sql';

interface Tables {
  items: { id: string; city: string; rank: number };
}
const db = compileOnly<Tables>();

/** Items of a city, some with a minimum rank: the rank's filter is the shape, the values fill it. */
const items = (v: { city: string; rank: number | null }, ranked: boolean) =>
  db
    .selectFrom('items')
    .select('id')
    .where('city', '=', sql<string>`${v.city}`)
    .$if(ranked, (qb) => qb.where('rank', '>=', sql<number>`${v.rank}`));

describe('ShapedStatements (decision 0999)', () => {
  it('compiles a shape once and fills its parameters with each call’s values, in order', () => {
    const shapes = new ShapedStatements<{ city: string; rank: number | null }>();
    let builds = 0;
    const statement = (city: string, rank: number | null) =>
      shapes.compile(`ranked ${rank !== null}`, { city, rank }, (v) => (builds++, items(v, rank !== null)));

    expect(statement('akron', 3)).toEqual({
      sql: 'select "id" from "items" where "city" = $1 and "rank" >= $2',
      parameters: ['akron', 3],
    });
    expect(statement('parma', 7)).toEqual({
      sql: 'select "id" from "items" where "city" = $1 and "rank" >= $2',
      parameters: ['parma', 7],
    });
    expect(statement('parma', null)).toEqual({
      sql: 'select "id" from "items" where "city" = $1',
      parameters: ['parma'],
    });
    expect(builds).toBe(2);
  });

  it('refuses a statement with a parameter that is not one of its values: it would be kept for every call', () => {
    const shapes = new ShapedStatements<{ city: string }>();
    expect(() =>
      shapes.compile('fixed rank', { city: 'akron' }, (v) =>
        db
          .selectFrom('items')
          .select('id')
          .where('city', '=', sql<string>`${v.city}`)
          .where('rank', '>=', 3),
      ),
    ).toThrow('parameter $2 of shape fixed rank is not a value');
  });

  it('keeps at most the shapes it was given room for, forgetting the oldest', () => {
    const shapes = new ShapedStatements<{ city: string; rank: number | null }>(1);
    let builds = 0;
    const statement = (ranked: boolean) =>
      shapes.compile(`ranked ${ranked}`, { city: 'akron', rank: 1 }, (v) => (builds++, items(v, ranked)));
    statement(true);
    statement(false);
    statement(true);
    expect(builds).toBe(3);
  });

  it('compared with every compile (as tests ask), refuses a shape key that misses what the text depends on', () => {
    const shapes = new ShapedStatements<{ city: string; rank: number | null }>();
    // The key leaves out whether a rank is asked: the second call would reuse the first's text.
    const statement = (rank: number | null) =>
      shapes.compile('one key for both', { city: 'akron', rank }, (v) => items(v, rank !== null));
    ShapedStatements.compareEveryCompile = true;
    try {
      statement(3);
      expect(statement(4).parameters).toEqual(['akron', 4]);
      expect(() => statement(null)).toThrow('statement shape one key for both has two texts');
    } finally {
      ShapedStatements.compareEveryCompile = false;
    }
    // Without the comparison the kept text answers, as in production: the key is the caller's to get right.
    expect(statement(null).sql).toBe('select "id" from "items" where "city" = $1 and "rank" >= $2');
  });
});
