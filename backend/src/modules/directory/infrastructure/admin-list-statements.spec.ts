import { ShapedStatements } from '../../../database/typed-sql';
import type { AdminCreatorQuery } from '../application/creator-admin-queries';
import {
  keptPositions,
  matchedPage,
  pageFromPosition,
  walkedPage,
  type ListShape,
  type ProfileColumns,
} from './admin-list-statements';

const profile: ProfileColumns = {
  columns: [
    ['id', 'id'],
    ['full_name', 'fullName'],
  ],
  dates: [],
};

/** Every list the console can ask for: each option that changes a statement's text, both ways. */
function* everyShape(): Generator<ListShape> {
  const sorts: AdminCreatorQuery['sort'][] = ['id', 'created_at', 'updated_at', 'full_name', 'approval_status'];
  for (const sort of sorts)
    for (const order of ['ASC', 'DESC'] as const)
      for (const cities of [null, ['akron', 'parma']])
        for (const status of [undefined, 'pending'] as const)
          for (const updatedAfterRejection of [undefined, true])
            for (const ids of [undefined, ['00000000-0000-4000-8000-0000000000a1']])
              for (const [q, indexedWord] of [
                [undefined, null],
                ['Maria Food', null],
                ['Maria Kowalski', 'Kowalski'],
              ] as const)
                for (const limit of [20, 24])
                  yield {
                    query: { sort, order, cities, status, updatedAfterRejection, ids, q, limit, offset: 300 },
                    indexedWord,
                  };
}

describe("the console's list statements, kept per shape (decision 0999)", () => {
  it('are, for every shape, what compiling that shape alone gives: no two shapes share a text', () => {
    const position = { total: 5_000, from: { key: 'Many 1', id: '00000000-0000-4000-8000-0000000000a2' }, skip: 44 };
    let shapes = 0;
    for (const shape of everyShape()) {
      shapes++;
      // Another page of the same list first, so that the kept text, not this call's, answers.
      const other: ListShape = { ...shape, query: { ...shape.query, offset: 9 } };
      for (const build of [
        (s: ListShape, alone?: ShapedStatements<any>) => matchedPage(profile, s, alone),
        (s: ListShape, alone?: ShapedStatements<any>) => walkedPage(profile, s, alone),
        (s: ListShape, alone?: ShapedStatements<any>) => pageFromPosition(profile, s, position, alone),
        (s: ListShape, alone?: ShapedStatements<any>) => keptPositions(s, alone),
      ]) {
        build(other);
        expect(build(shape)).toEqual(build(shape, new ShapedStatements()));
      }
    }
    expect(shapes).toBe(960);
  });
});
