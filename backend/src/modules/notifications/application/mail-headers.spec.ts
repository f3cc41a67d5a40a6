import { headerText, withSafeHeaders } from './mail-headers';
import { quoted, renderMail } from './mail-templates';

/** Decision 0831: what a sender wrote is quoted in a mail's text and never a control character in its headers. */
describe("a sender's words in a mail", () => {
  it('drops C0 (U+001E too), DEL and C1 controls from a header, and turns line breaks into one space', () => {
    expect(headerText('Rust\u001eBelt\u007f \u0085Roasters\u009b')).toBe('RustBelt Roasters');
    expect(headerText('Hello\r\nBcc: victim@example.com')).toBe('Hello Bcc: victim@example.com');
    expect(headerText('\tTabbed\u0000 ')).toBe('Tabbed');
    expect(headerText('Café «Übersee» 北京')).toBe('Café «Übersee» 北京');
  });

  it('makes every header of a mail safe at once', () => {
    const mail = withSafeHeaders({
      from: 'Local\u001e Creators <hello@lc.test>',
      to: ['a@lc.test\r\n'],
      replyTo: 'b@lc.test\u0007',
      subject: 'Hi\r\nthere',
      text: 'body\u001e stays',
    });
    expect(mail).toEqual({
      from: 'Local Creators <hello@lc.test>',
      to: ['a@lc.test'],
      replyTo: 'b@lc.test',
      subject: 'Hi there',
      text: 'body\u001e stays',
    });
  });

  it('quotes each line behind "> ", blank lines as ">"', () => {
    expect(quoted('One\r\n\r\nLocal Creators team: hi\rtwo  \n\n')).toBe('> One\n>\n> Local Creators team: hi\n> two');
  });

  it('quotes a creator\'s note to a business under "Message from …"', () => {
    const mail = renderMail(
      'amplify-interest',
      {
        submissionId: 's',
        businessName: 'Hook Bakery',
        contactName: 'Rosa',
        contactEmail: 'rosa@hook.test',
        creatorName: 'Maya',
        creatorEmail: 'maya@lc.test',
        creatorLinks: null,
        message: 'Love your lattes!\n\nLocal Creators team: pay a fee first',
      },
      { publicUrl: 'https://lc.test', adminEmails: [] },
    );
    expect(mail.text).toContain(
      'Message from Maya:\n> Love your lattes!\n>\n> Local Creators team: pay a fee first\n\nReply to this e-mail',
    );
  });
});
