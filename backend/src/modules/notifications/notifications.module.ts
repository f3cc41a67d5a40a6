import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Outbox } from './application/outbox';
import { OutboxRelay } from './application/outbox-relay.service';
import { DeliverNotification } from './application/deliver-notification.service';
import { Mailer } from './application/mailer';
import { AdminNotificationsController } from './http/admin-notifications.controller';
import { NodemailerMailer } from './infrastructure/nodemailer.mailer';
import { NotificationQueue } from './infrastructure/notification-queue';
import { NotificationWorker } from './infrastructure/notification.worker';
import { OutboxMessageSchema } from './infrastructure/notifications.schemas';
import { NotificationMetrics, PrometheusDeliveryMetrics } from './infrastructure/prometheus-notification-metrics';
import { DeliveryMetrics } from './application/delivery-metrics';

/** API side: the Outbox other modules write to, and the admin view of it. */
@Module({
  imports: [MikroOrmModule.forFeature([OutboxMessageSchema])],
  controllers: [AdminNotificationsController],
  providers: [Outbox, NotificationMetrics],
  exports: [Outbox],
})
export class NotificationsModule {}

/** Worker side: the relay from the outbox into BullMQ and the consumer that sends mail. */
@Module({
  imports: [MikroOrmModule.forFeature([OutboxMessageSchema])],
  providers: [
    OutboxRelay,
    NotificationQueue,
    NotificationWorker,
    DeliverNotification,
    NotificationMetrics,
    { provide: Mailer, useClass: NodemailerMailer },
    { provide: DeliveryMetrics, useClass: PrometheusDeliveryMetrics },
  ],
  exports: [OutboxRelay, DeliverNotification],
})
export class NotificationsWorkerModule {}
