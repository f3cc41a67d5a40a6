import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { SmtpCapture } from './smtp-capture';

/** Sends `line` and waits for the server's reply to it. */
async function say(socket: Socket, line: string): Promise<string> {
  const reply = once(socket, 'data');
  socket.write(`${line}\r\n`);
  return String((await reply)[0]);
}

// The fault tests kill a worker in the middle of a message: its connection is reset, not closed.
describe('the test SMTP server', () => {
  it('keeps running, and keeps nothing, when a sender resets its connection in the middle of a message', async () => {
    const mailbox = await new SmtpCapture().start();
    try {
      const socket = connect(mailbox.port, '127.0.0.1');
      await once(socket, 'data'); // the greeting
      expect(await say(socket, 'EHLO worker')).toMatch(/^250/);
      expect(await say(socket, 'MAIL FROM:<noreply@example.com>')).toMatch(/^250/);
      expect(await say(socket, 'RCPT TO:<someone@example.com>')).toMatch(/^250/);
      expect(await say(socket, 'DATA')).toMatch(/^354/);
      socket.write('Subject: cut short\r\n\r\nhalf a mess');
      socket.resetAndDestroy();
      await once(socket, 'close');

      // The server answers the next sender; the cut message was not taken.
      const next = connect(mailbox.port, '127.0.0.1');
      await once(next, 'data');
      expect(await say(next, 'EHLO worker')).toMatch(/^250/);
      next.end('QUIT\r\n');
      expect(mailbox.mails).toEqual([]);
    } finally {
      await mailbox.stop();
    }
  });
});
