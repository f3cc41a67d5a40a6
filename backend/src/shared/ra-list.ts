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

/** The largest row index a range may name: PostgreSQL's integer, far beyond any real list. */
const MAX_LIST_INDEX = 2_147_483_647;

const isIndex = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= MAX_LIST_INDEX;

/** PostgreSQL text cannot hold U+0000: a filter carrying one is malformed, not a server error. */
const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) ? value.some(hasNul) : false;

export function parseListQuery<F>(
  query: Record<string, unknown>,
  opts: { sortable: string[]; defaultSort: [string, 'ASC' | 'DESC']; maxPage?: number },
): ListQuery<F> {
  const sort = parseJson(query.sort, 'sort');
  const range = parseJson(query.range, 'range');
  const filter = (parseJson(query.filter, 'filter') ?? {}) as F;
  let [sortField, order]: unknown[] = opts.defaultSort;
  // ["field","ASC"|"DESC"], as ra-data-simple-rest sends it; a bare or empty value keeps the default.
  if (Array.isArray(sort)) {
    if (
      sort.length !== 2 ||
      typeof sort[0] !== 'string' ||
      typeof sort[1] !== 'string' ||
      !/^(asc|desc)$/i.test(sort[1])
    ) {
      throw DomainError.invalid('LIST.BAD_SORT', 'Malformed sort parameter', 'sort');
    }
    [sortField, order] = sort;
  }
  if (!opts.sortable.includes(String(sortField)))
    throw DomainError.invalid('LIST.BAD_SORT', `Cannot sort by ${sortField}`, 'sort');
  const maxPage = opts.maxPage ?? 200;
  let offset = 0;
  let limit = 25;
  if (range !== undefined) {
    // [first, last], both row indexes from 0, last not before first (react-admin's page window).
    if (!Array.isArray(range) || range.length !== 2 || !range.every(isIndex) || range[1] < range[0]) {
      throw DomainError.invalid('LIST.BAD_RANGE', 'Malformed range parameter', 'range');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, maxPage);
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter) || Object.values(filter).some(hasNul)) {
    throw DomainError.invalid('LIST.BAD_FILTER', 'Malformed filter parameter', 'filter');
  }
  return {
    sortField: String(sortField),
    sortOrder: String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    offset,
    limit,
    filter,
  };
}

/** Sets the Content-Range header react-admin reads the total from. */
export function sendList<T>(
  res: FastifyReply,
  resource: string,
  q: ListQuery<unknown>,
  items: T[],
  total: number,
): T[] {
  const end = items.length ? q.offset + items.length - 1 : q.offset;
  res.header('Content-Range', `${resource} ${q.offset}-${end}/${total}`);
  res.header('Access-Control-Expose-Headers', 'Content-Range');
  return items;
}
