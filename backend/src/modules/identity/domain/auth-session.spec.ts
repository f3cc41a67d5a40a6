import { AuthSession, RefreshToken, decideRefresh } from './auth-session';

describe('decideRefresh', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);

  it('rotates an unused token of an active session', () => {
    const session = AuthSession.start('u', t0, 30);
    expect(decideRefresh(RefreshToken.issue(session.id, 'h', t0), session, at(5), 10)).toBe('rotate');
  });

  it('answers a racing second use inside the grace period with the same successor, not after it', () => {
    const session = AuthSession.start('u', t0, 30);
    const token = RefreshToken.issue(session.id, 'h', t0);
    token.usedAt = at(100);
    expect(decideRefresh(token, session, at(110), 10)).toBe('same_successor');
    expect(decideRefresh(token, session, at(111), 10)).toBe('reuse_detected');
  });

  it('refuses tokens of a revoked or expired session', () => {
    const session = AuthSession.start('u', t0, 1);
    const token = RefreshToken.issue(session.id, 'h', t0);
    expect(decideRefresh(token, session, at(86_401), 10)).toBe('session_ended');
    session.revoke('signed_out', at(1));
    expect(decideRefresh(token, session, at(2), 10)).toBe('session_ended');
  });
});
