import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CallMatchReads } from '../application/call-match-reads';

@Injectable()
export class SqlCallMatchReads extends CallMatchReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async accountsWaiting(limit: number): Promise<string[]> {
    const accounts = await this.em
      .fork()
      .getConnection()
      .execute<{ account_id: string }[]>(
        `select account_id from call_matches where status = 'waiting' group by account_id order by min(matched_at) limit ?`,
        [limit],
      );
    return accounts.map((a) => a.account_id);
  }
}
