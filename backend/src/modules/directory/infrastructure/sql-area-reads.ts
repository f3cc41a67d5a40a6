import { Injectable } from '@nestjs/common';
import { FOLLOWER_BUCKETS } from '@local-creators/common';
import { AreaReads, type AreaFilter, type AreaSummary } from '../application/area-reads';
import { areaCardsSql, areaCountsSql, areaNeighborhoodsSql } from './area-sql';
import { DirectoryPool } from './directory-pool';
import { listedCard } from './sql-directory-reads';

/** The area pages' reads, on the directory's pool (a replica's when one is in use), like the rest of the public reads. */
@Injectable()
export class SqlAreaReads extends AreaReads {
  constructor(private readonly pool: DirectoryPool) {
    super();
  }

  async summary(f: AreaFilter, cards: number, signal?: AbortSignal): Promise<AreaSummary> {
    const [counts, newest, mostFollowed] = await Promise.all([
      this.rows(areaCountsSql(f), signal),
      this.rows(areaCardsSql(f, 'newest', cards), signal),
      this.rows(areaCardsSql(f, 'followers', cards), signal),
    ]);
    const row = counts[0]!;
    return {
      total: Number(row.total),
      spread: FOLLOWER_BUCKETS.map((_, i) => Number(row[`b${i}`])),
      newest: newest.map(listedCard),
      mostFollowed: mostFollowed.map(listedCard),
      spelling: (row.spelling as string | null) ?? null,
    };
  }

  async neighborhoods(city: string, signal?: AbortSignal) {
    const rows = await this.rows(areaNeighborhoodsSql(city), signal);
    return rows.map((r) => ({ slug: String(r.slug), name: String(r.name), total: Number(r.total) }));
  }

  private async rows(statement: { text: string; values: unknown[] }, signal?: AbortSignal) {
    return (await this.pool.run(statement, { signal })).rows;
  }
}
