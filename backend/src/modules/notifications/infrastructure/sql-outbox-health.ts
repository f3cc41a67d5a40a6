import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxHealthReads } from '../application/outbox-health-reads';
import { WEBHOOK_KIND } from '../domain/webhook';

@Injectable()
export class SqlOutboxHealthReads extends OutboxHealthReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async undelivered(stuckBefore: Date): Promise<{ failed: number; stuck: number; oldest: Date | null }> {
    const [row] = await this.em.getConnection().execute<{ failed: string; stuck: string; oldest: Date | null }[]>(
      `select count(*) filter (where status = 'failed') as failed,
              count(*) filter (where status in ('pending', 'queued') and created_at < ?) as stuck,
              min(created_at) filter (where status in ('pending', 'queued') and created_at < ?) as oldest
         from outbox_messages where status <> 'sent' and kind <> '${WEBHOOK_KIND}'`,
      [stuckBefore, stuckBefore],
    );
    return { failed: Number(row?.failed ?? 0), stuck: Number(row?.stuck ?? 0), oldest: row?.oldest ?? null };
  }
}
