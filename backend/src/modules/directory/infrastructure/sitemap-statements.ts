import { compileOnly, ShapedStatements } from '../../../database/typed-sql';
import type { CreatorTables } from '../../creator';
import { LISTED } from './listing-rule';

const db = compileOnly<CreatorTables>();

interface IdsValues extends Record<string, unknown> {
  city: string | null;
  limit: number;
  offset: number;
}
const shapes = new ShapedStatements<IdsValues>(2);

/**
 * A slice of the listed creators' ids and dates, newest first (the sitemap's, decision 0622): up
 * to tens of thousands of rows, two columns. One city's walks the city's listing index.
 */
export function listedIdsStatement(values: IdsValues) {
  const inCity = values.city !== null;
  return shapes.compile(inCity ? 'city' : 'all', values, (v) =>
    db
      .selectFrom('creator_profiles as p')
      .select(['p.id', 'p.updated_at'])
      .where(LISTED)
      .$if(inCity, (qb) => qb.where('p.city_slug', '=', v.city!))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(v.limit)
      .offset(v.offset),
  );
}
