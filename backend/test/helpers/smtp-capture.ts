import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  replyTo: string | null;
  messageId: string | null;
  /** Every header, by its lower-case name (the last one when repeated). */
  headers: Record<string, string>;
}

/** A real SMTP server on loopback that keeps every mail it accepts, parsed. */
export class SmtpCapture {
  readonly mails: CapturedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** While set, every message is refused with this SMTP reply (to test retries). */
  refuseWith: string | null = null;
  /** Holds each message this long after its data arrived, before answering (a mail in flight). */
  stallMs = 0;
  /** Called when a message's data has arrived, before any stall (the sender is now waiting). */
  onReceiving: (() => void) | null = null;
  private readonly closedSessions = new Set<string>();

  private createServer() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onClose: (session) => void this.closedSessions.add(session.id),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          this.onReceiving?.();
          if (this.stallMs) await new Promise((r) => setTimeout(r, this.stallMs));
          // A sender that hung up before our answer never learned the mail was taken: not delivered.
          if (this.closedSessions.has(session.id)) return callback(new Error('client gone'));
          if (this.refuseWith)
            return callback(
              Object.assign(new Error(this.refuseWith), { responseCode: Number(this.refuseWith.slice(0, 3)) || 451 }),
            );
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          this.mails.push({
            from: parsed.from?.address ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            replyTo: parsed.replyTo?.[0]?.address ?? null,
            messageId: parsed.messageId ?? null,
            headers: Object.fromEntries(parsed.headers.map((h) => [h.key.toLowerCase(), h.value])),
          });
          callback();
        });
      },
    });
    // A sender killed in the middle of a message (the fault tests) resets its connection, which
    // smtp-server reports as an 'error' event; unheard, it ended a suite ("read ECONNRESET", CI,
    // worker-kill). The message is not kept: its session closed before our answer (onData).
    server.on('error', () => undefined);
    return server;
  }

  /** Listens on a free port, or again on its own port after stop() (the mail server coming back). */
  async start(): Promise<this> {
    const server = (this.server = this.createServer());
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as { port: number }).port;
    return this;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits until a mail matching the predicate arrives (polling; bounded). */
  async waitFor(predicate: (m: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no matching mail within ${timeoutMs} ms; got: ${this.mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  to(address: string) {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Stops listening (senders then get "connection refused"); mails received so far are kept. */
  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
