/**
 * Coalesces concurrent reads of one small, hot value (the listing version) without ever serving
 * a caller a value read before it asked: at most one query is on the wire; callers arriving
 * while it runs share the next one, sent as soon as it returns. Under load this turns one query
 * per request into about one per event-loop turn, and every answer is as fresh as a query of
 * its own would be.
 */
export class FreshRead<T> {
  private sent: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly query: () => Promise<T>) {}

  read(): Promise<T> {
    if (this.queued) return this.queued;
    if (!this.sent) return this.send();
    const running = this.sent;
    const settle = () => undefined;
    this.queued = running.then(settle, settle).then(() => {
      this.queued = null;
      return this.send();
    });
    return this.queued;
  }

  private send(): Promise<T> {
    const query = this.query();
    this.sent = query;
    const clear = () => {
      if (this.sent === query) this.sent = null;
    };
    query.then(clear, clear);
    return query;
  }
}
