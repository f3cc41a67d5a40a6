import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { WebhookAttemptReads, type LastAttemptRow } from '../application/webhook-attempt-reads';

@Injectable()
export class SqlWebhookAttemptReads extends WebhookAttemptReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  lastOf(ids: readonly string[]): Promise<LastAttemptRow[]> {
    return this.em.getConnection().execute<LastAttemptRow[]>(
      `select distinct on (subscription_id) subscription_id, attempted_at, outcome from webhook_attempts
          where subscription_id in (?) order by subscription_id, attempted_at desc`,
      [ids],
    );
  }
}
