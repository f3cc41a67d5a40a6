import { CallMailSetting, CallMatch } from './call-match';

const now = new Date('2026-11-29T15:00:00Z');

describe('CallMatch', () => {
  it('waits, then is told of in one mail, once', () => {
    const m = CallMatch.of('call', 'account', 'cleveland', now);
    expect(m).toMatchObject({ status: 'waiting', mailDay: null, outboxId: null });
    m.mailed('2026-11-30', 'mail-1');
    m.mailed('2026-12-01', 'mail-2');
    expect(m).toMatchObject({ status: 'mailed', mailDay: '2026-11-30', outboxId: 'mail-1' });
    m.drop();
    expect(m.status).toBe('mailed');
  });

  it('a dropped match is never mailed', () => {
    const m = CallMatch.of('call', 'account', 'cleveland', now);
    m.drop();
    m.mailed('2026-11-30', 'mail-1');
    expect(m).toMatchObject({ status: 'dropped', outboxId: null });
  });
});

describe('CallMailSetting', () => {
  it('is on by default with an unguessable token, and turns off and on', () => {
    const a = CallMailSetting.create('a', now);
    const b = CallMailSetting.create('b', now);
    expect(a.mailOn).toBe(true);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.token).not.toBe(b.token);
    const later = new Date(now.getTime() + 1000);
    a.set(false, later);
    expect(a).toMatchObject({ mailOn: false, updatedAt: later });
  });
});
