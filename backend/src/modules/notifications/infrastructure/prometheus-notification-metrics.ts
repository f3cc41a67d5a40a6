import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram } from 'prom-client';
import { Metrics } from '../../../shared/metrics';
import { DeliveryMetrics } from '../application/delivery-metrics';
import type { DeliveryOutcome } from '../domain/outbox-message';
import { NotificationQueue } from './notification-queue';
import { notificationSql, type NotificationSql } from './notification-tables';

/** The statements (notifications-sql.snapshot.sql). */
export const outboxMetricStatements = {
  byStatus: (db: NotificationSql) =>
    db
      .selectFrom('outbox_messages')
      .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
      .groupBy('status'),

  /** Null when every message is sent or failed. */
  oldestUndeliveredAge: (db: NotificationSql) =>
    db
      .selectFrom('outbox_messages')
      .select(sql<string | null>`extract(epoch from now() - min(created_at))`.as('age'))
      .where('status', 'in', ['pending', 'queued']),
};

/**
 * The outbox and the mail queue as Prometheus figures. Counts are read when scraped (one grouped
 * query on the outbox's status index, one call to BullMQ), so they are never stale.
 */
@Injectable()
export class NotificationMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly orm: MikroORM,
    @Optional() private readonly queue?: NotificationQueue,
  ) {}

  onModuleInit() {
    const orm = this.orm;
    const outbox = new Gauge({
      name: 'lc_outbox_messages',
      help: 'Outbox messages by state (pending, queued, sent, failed)',
      labelNames: ['state'] as const,
      registers: [this.metrics.registry],
      async collect() {
        const rows = await outboxMetricStatements.byStatus(notificationSql(orm.em.fork())).execute();
        outbox.reset();
        for (const state of ['pending', 'queued', 'sent', 'failed'])
          outbox.set({ state }, Number(rows.find((r) => r.status === state)?.n ?? 0));
      },
    });
    const oldestUndelivered = new Gauge({
      name: 'lc_outbox_oldest_undelivered_seconds',
      help: 'Age of the oldest message not yet sent and not failed (0 when none)',
      registers: [this.metrics.registry],
      async collect() {
        const row = await outboxMetricStatements
          .oldestUndeliveredAge(notificationSql(orm.em.fork()))
          .executeTakeFirst();
        oldestUndelivered.set(Number(row?.age ?? 0));
      },
    });
    const queue = this.queue?.queue;
    if (queue) {
      const depth = new Gauge({
        name: 'lc_notification_queue_jobs',
        help: 'Jobs in the BullMQ mail queue by state',
        labelNames: ['state'] as const,
        registers: [this.metrics.registry],
        async collect() {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed').catch(() => null);
          depth.reset();
          if (counts) for (const [state, n] of Object.entries(counts)) depth.set({ state }, n);
        },
      });
    }
  }
}

/** DeliveryMetrics as counters and a latency histogram in the process's registry. */
@Injectable()
export class PrometheusDeliveryMetrics extends DeliveryMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly latency: Histogram;

  constructor(metrics: Metrics) {
    super();
    this.attempts = new Counter({
      name: 'lc_mail_delivery_attempts_total',
      help: 'Mail delivery attempts by outcome (sent, retry-later, failed, settled, leased-elsewhere)',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
    this.latency = new Histogram({
      name: 'lc_mail_delivery_latency_seconds',
      help: 'From a message entering the outbox to the SMTP server accepting it',
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
      registers: [metrics.registry],
    });
  }

  attempted(outcome: DeliveryOutcome, queuedForSeconds: number) {
    this.attempts.inc({ outcome });
    if (outcome === 'sent') this.latency.observe(queuedForSeconds);
  }
}
