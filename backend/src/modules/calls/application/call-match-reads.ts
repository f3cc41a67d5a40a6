/** Port: which accounts have call matches waiting for a digest (table call_matches, decision 0911). */
export abstract class CallMatchReads {
  /** Up to `limit` accounts with waiting matches, the one waiting longest first; outside any transaction. */
  abstract accountsWaiting(limit: number): Promise<string[]>;
}
