import { Injectable } from '@nestjs/common';
import { FOLLOWER_BUCKETS } from '@local-creators/common';
import { AreaReads, type AreaFilter, type AreaSummary } from '../application/area-reads';
import type { ShapedStatement } from '../../../database/typed-sql';
import { areaCards, areaCounts, areaNeighborhoods } from './area-statements';
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
      this.rows(areaCounts(f), signal),
      this.rows(areaCards(f, 'newest', cards), signal),
      this.rows(areaCards(f, 'followers', cards), signal),
    ]);
    const row = counts[0]!;
    return {
      total: Number(row.total),
      spread: FOLLOWER_BUCKETS.map((_, i) => Number(row[`b${i}`])),
      newest: newest.map(listedCard),
      mostFollowed: mostFollowed.map(listedCard),
      spelling: row.spelling ?? null,
    };
  }

  async neighborhoods(city: string, signal?: AbortSignal) {
    const rows = await this.rows(areaNeighborhoods(city), signal);
    return rows.map((r) => ({ slug: r.slug, name: r.name, total: Number(r.total) }));
  }

  /** A statement's rows, typed as its builder typed them (the pool hands back plain rows). */
  private async rows<Row>(statement: ShapedStatement<Row>, signal?: AbortSignal): Promise<Row[]> {
    const { rows } = await this.pool.run({ text: statement.sql, values: [...statement.parameters] }, { signal });
    return rows as Row[];
  }
}
