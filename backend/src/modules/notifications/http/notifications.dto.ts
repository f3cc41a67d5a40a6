import type {
  CreatedWebhookSubscription,
  MailHealth,
  OutboxMessage,
  WebhookAttempt,
  WebhookSubscription,
} from '@local-creators/common';
import {
  Bool,
  Int,
  IntOrNull,
  OfOrNull,
  OneOf,
  Optional,
  SomeOf,
  Str,
  StrOrNull,
  Strs,
  Time,
  TimeOrNull,
  Uuid,
} from '../../../shared/http/api-schema';
import { WEBHOOK_EVENTS } from '../domain/webhook';

// The answers and bodies of the console's mail and webhook routes, for the OpenAPI document (decision 0862).

const OUTCOMES = ['delivered', 'retrying', 'failed'] as const;

export class OutboxMessageDto implements OutboxMessage {
  @Uuid() id: string;
  @Str() kind: string;
  @Strs() recipients: string[];
  @StrOrNull() subject: string | null;
  @OneOf(['pending', 'queued', 'sent', 'failed']) status: OutboxMessage['status'];
  @Int() attempts: number;
  @StrOrNull() last_error: string | null;
  @Time() created_at: string;
  @TimeOrNull() sent_at: string | null;
  @TimeOrNull() due_at: string | null;
  @StrOrNull({ format: 'uuid' }) resend_of: string | null;
  @Bool() resendable: boolean;
}

export class MailHealthDto implements MailHealth {
  @Int() failed: number;
  @Int() stuck: number;
  @Int() stuck_after_minutes: number;
  @TimeOrNull() oldest_stuck_at: string | null;
}

export class LastAttemptDto {
  @Time() at: string;
  @OneOf(OUTCOMES) outcome: WebhookAttempt['outcome'];
}

export class WebhookSubscriptionDto implements WebhookSubscription {
  @Uuid() id: string;
  @Str() url: string;
  @SomeOf(WEBHOOK_EVENTS) events: WebhookSubscription['events'];
  @Str() description: string;
  @Bool() enabled: boolean;
  @Time() created_at: string;
  @Time() updated_at: string;
  @OfOrNull(() => LastAttemptDto) last_attempt: LastAttemptDto | null;
}

export class CreatedWebhookSubscriptionDto extends WebhookSubscriptionDto implements CreatedWebhookSubscription {
  @Str({ description: 'The signing secret (whsec_…), sent this once' }) secret: string;
}

export class NewWebhookDto {
  @Str({ example: 'https://partner.example/hooks/local-creators' }) url: string;
  @SomeOf(WEBHOOK_EVENTS) events: string[];
  @Optional({ type: String, maxLength: 200, description: 'What it is for' }) description?: string;
}

export class WebhookEnabledDto {
  @Bool() enabled: boolean;
}

export class WebhookAttemptDto implements WebhookAttempt {
  @Uuid() id: string;
  @Uuid() subscription_id: string;
  @Uuid() delivery_id: string;
  @Uuid() event_id: string;
  @OneOf(WEBHOOK_EVENTS) event: WebhookAttempt['event'];
  @Int() attempt: number;
  @Time() attempted_at: string;
  @IntOrNull() status_code: number | null;
  @StrOrNull() error: string | null;
  @OneOf(OUTCOMES) outcome: WebhookAttempt['outcome'];
  @TimeOrNull() next_retry_at: string | null;
}
