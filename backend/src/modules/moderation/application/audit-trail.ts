import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditEntry as AuditEntryDto } from '@local-creators/common';
import { Clock } from '../../../shared/clock';
import type { Principal } from '../../../shared/auth/principal';
import { AuditEntry, type AuditAction, type AuditSubject } from '../domain/audit-entry';

export interface AuditQuery {
  subjectId?: string;
  subjectType?: AuditSubject;
  /** The cities to list (slugs); null for every city. */
  cities: readonly string[] | null;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

const toDto = (e: AuditEntry): AuditEntryDto => ({
  id: e.id,
  city_slug: e.citySlug,
  actor_id: e.actorId,
  actor_email: e.actorEmail,
  subject_type: e.subjectType,
  subject_id: e.subjectId,
  action: e.action,
  from_value: e.fromValue,
  to_value: e.toValue,
  notes: e.notes,
  created_at: e.createdAt.toISOString(),
});

/**
 * Who decided what, when. Exported to other modules (amplify records its admin changes here).
 * `record` persists in the caller's unit of work: the row is written by the caller's next
 * flush, in the same transaction as the change it describes, or not at all.
 */
@Injectable()
export class AuditTrail {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  record(
    actor: Principal,
    subjectType: AuditSubject,
    subject: { id: string; citySlug: string },
    action: AuditAction,
    change: { from?: string | null; to?: string | null; notes?: string | null } = {},
  ): AuditEntry {
    const entry = AuditEntry.record(
      {
        actorId: actor.id,
        actorEmail: actor.email,
        subjectType,
        subjectId: subject.id,
        citySlug: subject.citySlug,
        action,
        fromValue: change.from ?? null,
        toValue: change.to ?? null,
        notes: change.notes ?? null,
      },
      this.clock.now(),
    );
    this.em.persist(entry);
    return entry;
  }

  async list(q: AuditQuery): Promise<{ items: AuditEntryDto[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (q.subjectId) where.subjectId = q.subjectId;
    if (q.subjectType) where.subjectType = q.subjectType;
    if (q.cities) where.citySlug = { $in: q.cities };
    const order = q.order === 'ASC' ? 'asc' : 'desc';
    const [items, total] = await this.em.findAndCount(AuditEntry, where, {
      orderBy: { createdAt: order, id: order },
      offset: q.offset,
      limit: q.limit,
    });
    return { items: items.map(toDto), total };
  }
}
