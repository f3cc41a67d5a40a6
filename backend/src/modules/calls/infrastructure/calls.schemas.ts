import { EntitySchema } from '@mikro-orm/core';
import { Call } from '../domain/call';
import { CallAnswer } from '../domain/call-answer';
import { CallMailSetting, CallMatch } from '../domain/call-match';

export const CallSchema = new EntitySchema<Call>({
  class: Call,
  tableName: 'calls',
  properties: {
    id: { type: 'uuid', primary: true },
    accountId: { type: 'uuid', fieldName: 'account_id', nullable: true },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug' },
    businessName: { type: 'string', length: 200, fieldName: 'business_name' },
    title: { type: 'string', length: 100 },
    description: { type: 'text' },
    niches: { type: 'string[]', columnType: 'text[]' },
    contentTypes: { type: 'string[]', columnType: 'text[]', fieldName: 'content_types' },
    collabTypes: { type: 'string[]', columnType: 'text[]', fieldName: 'collab_types' },
    neighborhoods: { type: 'string[]', columnType: 'text[]' },
    followersMin: { type: 'integer', fieldName: 'followers_min', nullable: true },
    followersMax: { type: 'integer', fieldName: 'followers_max', nullable: true },
    startsOn: { type: 'date', fieldName: 'starts_on' },
    endsOn: { type: 'date', fieldName: 'ends_on' },
    deadline: { type: 'date' },
    offer: { type: 'string', length: 10 },
    feeMin: { type: 'integer', fieldName: 'fee_min', nullable: true },
    feeMax: { type: 'integer', fieldName: 'fee_max', nullable: true },
    product: { type: 'string', length: 200, nullable: true },
    creatorsWanted: { type: 'integer', fieldName: 'creators_wanted' },
    status: { type: 'string', length: 10 },
    declineReason: { type: 'text', fieldName: 'decline_reason', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    updatedAt: { type: 'Date', fieldName: 'updated_at' },
    approvedAt: { type: 'Date', fieldName: 'approved_at', nullable: true },
    closedAt: { type: 'Date', fieldName: 'closed_at', nullable: true },
    pickingDoneAt: { type: 'Date', fieldName: 'picking_done_at', nullable: true },
    version: { type: 'integer', version: true },
    isPublic: { type: 'boolean', persist: false, getter: true } as never,
    isOpen: { type: 'boolean', persist: false, getter: true } as never,
  },
});

export const CallMatchSchema = new EntitySchema<CallMatch>({
  class: CallMatch,
  tableName: 'call_matches',
  properties: {
    callId: { type: 'uuid', fieldName: 'call_id', primary: true },
    accountId: { type: 'uuid', fieldName: 'account_id', primary: true },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug' },
    matchedAt: { type: 'Date', fieldName: 'matched_at' },
    status: { type: 'string', length: 10 },
    mailDay: { type: 'date', fieldName: 'mail_day', nullable: true },
    outboxId: { type: 'uuid', fieldName: 'outbox_id', nullable: true },
  },
});

export const CallMailSettingSchema = new EntitySchema<CallMailSetting>({
  class: CallMailSetting,
  tableName: 'call_mail_settings',
  properties: {
    accountId: { type: 'uuid', fieldName: 'account_id', primary: true },
    mailOn: { type: 'boolean', fieldName: 'mail_on' },
    token: { type: 'string', length: 64 },
    updatedAt: { type: 'Date', fieldName: 'updated_at' },
  },
});

export const CallAnswerSchema = new EntitySchema<CallAnswer>({
  class: CallAnswer,
  tableName: 'call_answers',
  properties: {
    id: { type: 'uuid', primary: true },
    callId: { type: 'uuid', fieldName: 'call_id' },
    accountId: { type: 'uuid', fieldName: 'account_id' },
    profileId: { type: 'uuid', fieldName: 'profile_id' },
    note: { type: 'text' },
    status: { type: 'string', length: 12 },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    pickedAt: { type: 'Date', fieldName: 'picked_at', nullable: true },
    toldAt: { type: 'Date', fieldName: 'told_at', nullable: true },
    outboxId: { type: 'uuid', fieldName: 'outbox_id', nullable: true },
    /** A pick and a close (or "tell the others") taken together: one of them fails, so no creator is told twice. */
    version: { type: 'integer', version: true },
  },
});
