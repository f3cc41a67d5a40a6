import { OutboxMessage, type DeliveryPolicy } from './outbox-message';

const policy: DeliveryPolicy = {
  maxAttempts: 3,
  retryBaseMs: 1_000,
  leaseMs: 60_000,
  handoffGraceMs: 30_000,
  giveUpAfterMs: 24 * 3_600_000,
};
const t0 = new Date('2026-11-23T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const fresh = () => OutboxMessage.create('password-recovery', { email: 'a@example.com', link: 'https://x' }, t0);

describe('OutboxMessage delivery rules', () => {
  it('is due at once, and a hand-off not claimed within the grace is due again as a new job', () => {
    const m = fresh();
    expect(m.dueAt).toEqual(t0);
    m.handedToQueue(t0, policy);
    expect(m).toMatchObject({ status: 'queued', handoffs: 1, dueAt: at(30_000) });
    const first = m.jobId();
    m.handedToQueue(at(30_000), policy);
    expect(m.jobId()).not.toBe(first);
  });

  it('lets one worker claim at a time; a lapsed lease can be claimed again', () => {
    const m = fresh();
    expect(m.claim('w1', t0, policy)).toBe('claimed');
    expect(m.claim('w2', at(59_999), policy)).toBe('leased-elsewhere');
    expect(m.leaseOwner).toBe('w1');
    expect(m.dueAt).toEqual(at(60_000)); // a dead claimant's message comes back when its lease ends
    expect(m.claim('w2', at(60_001), policy)).toBe('claimed');
    expect(m).toMatchObject({ leaseOwner: 'w2', attempts: 2 });
  });

  it('never claims a settled message', () => {
    const m = fresh();
    m.claim('w1', t0, policy);
    m.markSent(at(10));
    expect(m).toMatchObject({ status: 'sent', leaseOwner: null, leaseUntil: null, dueAt: null });
    expect(m.claim('w2', at(100_000), policy)).toBe('settled');
  });

  it('retries with doubling delays and fails after the last attempt', () => {
    const m = fresh();
    const delays: number[] = [];
    for (let i = 0; i < policy.maxAttempts; i++) {
      const now = at(i * 100_000);
      m.claim('w', now, policy);
      m.recordFailure('451 try later', now, policy, { permanent: false });
      if (m.status !== 'failed') delays.push(m.dueAt!.getTime() - now.getTime());
    }
    expect(delays).toEqual([1_000, 2_000]);
    expect(m).toMatchObject({ status: 'failed', attempts: 3, lastError: '451 try later', dueAt: null });
  });

  it('fails a permanent refusal at once', () => {
    const m = fresh();
    m.claim('w', t0, policy);
    m.recordFailure('550 no such user', t0, policy, { permanent: true });
    expect(m).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('gives up a message undelivered for too long, unless a worker holds it', () => {
    const m = fresh();
    expect(m.giveUpIfOverdue(at(policy.giveUpAfterMs - 1), policy)).toBe(false);
    m.claim('w', at(policy.giveUpAfterMs - 1), policy);
    expect(m.giveUpIfOverdue(at(policy.giveUpAfterMs), policy)).toBe(false);
    expect(m.giveUpIfOverdue(at(policy.giveUpAfterMs + policy.leaseMs), policy)).toBe(true);
    expect(m).toMatchObject({ status: 'failed', lastError: 'Not delivered within 24 hours' });
  });

  it('lets an admin retry any undelivered message, not a sent one nor one being sent', () => {
    const failed = fresh();
    failed.claim('w', t0, policy);
    failed.recordFailure('550', t0, policy, { permanent: true });
    failed.retryNow(at(1));
    expect(failed).toMatchObject({ status: 'pending', attempts: 0, dueAt: at(1) });

    const stuck = fresh();
    stuck.handedToQueue(t0, policy);
    stuck.retryNow(at(1));
    expect(stuck.status).toBe('pending');

    const sending = fresh();
    sending.claim('w', t0, policy);
    expect(() => sending.retryNow(at(1))).toThrow('This message is being sent right now');
    sending.markSent(at(2));
    expect(() => sending.retryNow(at(3))).toThrow('This message was already delivered');
  });
});
