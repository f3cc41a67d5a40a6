import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Outbox } from './application/outbox';
import { OutboxRelay } from './application/outbox-relay.service';
import { DeliverNotification } from './application/deliver-notification.service';
import { Mailer } from './application/mailer';
import { WebhookSender } from './application/webhook-sender';
import { AdminNotificationsController } from './http/admin-notifications.controller';
import { AdminWebhookAttemptsController, AdminWebhooksController } from './http/admin-webhooks.controller';
import { HttpWebhookSender } from './infrastructure/http-webhook.sender';
import { NodemailerMailer } from './infrastructure/nodemailer.mailer';
import { NotificationQueue } from './infrastructure/notification-queue';
import { NotificationWorker } from './infrastructure/notification.worker';
import { NOTIFICATION_TABLES } from './infrastructure/notification-tables';
import { NotificationMetrics, PrometheusDeliveryMetrics } from './infrastructure/prometheus-notification-metrics';
import { DeliveryMetrics } from './application/delivery-metrics';
import { OutboxHealthReads } from './application/outbox-health-reads';
import { WebhookAttemptReads } from './application/webhook-attempt-reads';
import { SqlOutboxHealthReads } from './infrastructure/sql-outbox-health';
import { SqlWebhookAttemptReads } from './infrastructure/sql-webhook-attempts';

const SCHEMAS = Object.values(NOTIFICATION_TABLES);

/** API side: the Outbox other modules write to, the admin view of it, and the partners' webhooks. */
@Module({
  imports: [MikroOrmModule.forFeature(SCHEMAS)],
  controllers: [AdminNotificationsController, AdminWebhooksController, AdminWebhookAttemptsController],
  providers: [
    Outbox,
    NotificationMetrics,
    { provide: WebhookSender, useClass: HttpWebhookSender },
    { provide: OutboxHealthReads, useClass: SqlOutboxHealthReads },
    { provide: WebhookAttemptReads, useClass: SqlWebhookAttemptReads },
  ],
  exports: [Outbox],
})
export class NotificationsModule {}

/** Worker side: the relay from the outbox into BullMQ and the consumer that sends mail and posts webhooks. */
@Module({
  imports: [MikroOrmModule.forFeature(SCHEMAS)],
  providers: [
    OutboxRelay,
    NotificationQueue,
    NotificationWorker,
    DeliverNotification,
    NotificationMetrics,
    { provide: Mailer, useClass: NodemailerMailer },
    { provide: WebhookSender, useClass: HttpWebhookSender },
    { provide: DeliveryMetrics, useClass: PrometheusDeliveryMetrics },
  ],
  exports: [OutboxRelay, DeliverNotification],
})
export class NotificationsWorkerModule {}
