/** Port: how the mail queue stands, for the console's dashboard (table outbox_messages; webhooks left out, decision 0810). */
export abstract class OutboxHealthReads {
  /** Mail that failed, and mail still pending or queued since before `stuckBefore` (how many, and the oldest's time). */
  abstract undelivered(stuckBefore: Date): Promise<{ failed: number; stuck: number; oldest: Date | null }>;
}
