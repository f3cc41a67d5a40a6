import type { FastifyReply } from 'fastify';
import { DomainError } from './domain-error';

/**
 * The query of a ra-data-simple-rest list call: sort=["field","ASC"], range=[0,24],
 * filter={...}. Fields outside `sortable` are refused, so a client cannot sort by anything.
 */
export interface ListQuery<F = Record<string, unknown>> {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: F;
}

const parseJson = (raw: unknown, name: string): unknown => {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(String(raw));
  } catch {
    throw DomainError.invalid('LIST.BAD_QUERY', `Malformed ${name} parameter`, name);
  }
};

export function parseListQuery<F>(
  query: Record<string, unknown>,
  opts: { sortable: string[]; defaultSort: [string, 'ASC' | 'DESC']; maxPage?: number },
): ListQuery<F> {
  const sort = parseJson(query.sort, 'sort') as [string, string] | undefined;
  const range = parseJson(query.range, 'range') as [number, number] | undefined;
  const filter = (parseJson(query.filter, 'filter') ?? {}) as F;
  const [sortField, order] = sort && Array.isArray(sort) ? sort : opts.defaultSort;
  if (!opts.sortable.includes(String(sortField))) throw DomainError.invalid('LIST.BAD_SORT', `Cannot sort by ${sortField}`, 'sort');
  const maxPage = opts.maxPage ?? 200;
  let offset = 0;
  let limit = 25;
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw DomainError.invalid('LIST.BAD_RANGE', 'Malformed range parameter', 'range');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, maxPage);
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw DomainError.invalid('LIST.BAD_FILTER', 'Malformed filter parameter', 'filter');
  return { sortField: String(sortField), sortOrder: String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC', offset, limit, filter };
}

/** Sets the Content-Range header react-admin reads the total from. */
export function sendList<T>(res: FastifyReply, resource: string, q: ListQuery<unknown>, items: T[], total: number): T[] {
  const end = items.length ? q.offset + items.length - 1 : q.offset;
  res.header('Content-Range', `${resource} ${q.offset}-${end}/${total}`);
  res.header('Access-Control-Expose-Headers', 'Content-Range');
  return items;
}
