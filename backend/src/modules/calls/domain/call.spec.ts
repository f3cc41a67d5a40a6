import { CALL_MSG, type CallInput } from '@local-creators/common';
import { Call } from './call';

const input: CallInput = {
  business_name: 'Tremont Tacos',
  title: 'Three food creators for Saturday',
  description: 'Film our new menu.',
  niches: ['Food'],
  content_types: ['Reels'],
  collab_types: ['Sponsored Post'],
  neighborhoods: [],
  followers_min: null,
  followers_max: null,
  starts_on: '2026-12-05',
  ends_on: '2026-12-05',
  deadline: '2026-12-03',
  offer: 'unpaid',
  fee_min: null,
  fee_max: null,
  product: null,
  creators_wanted: 3,
};
const now = new Date('2026-11-29T10:00:00Z');

describe('Call', () => {
  it('is posted pending, approved once, and closed once', () => {
    const call = Call.post(input, 'account', 'cleveland', now);
    expect(call.status).toBe('pending');
    call.approve(now);
    expect(call.isPublic).toBe(true);
    expect(() => call.approve(now)).toThrow(CALL_MSG.notPending);
    expect(call.close(now)).toBe(true);
    expect(() => call.close(now)).toThrow(CALL_MSG.alreadyClosed);
  });

  it('keeps a decline reason; a declined call cannot be closed', () => {
    const call = Call.post(input, 'account', 'cleveland', now);
    call.decline('Not a local business', now);
    expect(call.declineReason).toBe('Not a local business');
    expect(() => call.close(now)).toThrow(CALL_MSG.cannotClose);
  });

  it('closing a pending call tells no partner', () => {
    expect(Call.post(input, 'account', 'cleveland', now).close(now)).toBe(false);
  });
});
