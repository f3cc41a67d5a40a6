import { CALL_ANSWER_MSG, CALL_MSG, type CallInput } from '@local-creators/common';
import { Call } from './call';
import { CallAnswer } from './call-answer';

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

describe('Call.answerRefusal (decision 0914)', () => {
  it('takes answers while approved, up to and on its deadline, until its business has chosen', () => {
    const call = Call.post(input, 'account', 'cleveland', now);
    expect(call.answerRefusal('2026-11-29')).toMatchObject({ kind: 'not_found', message: CALL_MSG.notFound });
    call.approve(now);
    expect(call.answerRefusal('2026-12-03')).toBeNull();
    expect(call.answerRefusal('2026-12-04')).toMatchObject({
      kind: 'conflict',
      message: CALL_ANSWER_MSG.deadlinePassed,
    });
    expect(call.finishPicking(now)).toBe(true);
    expect(call.finishPicking(now)).toBe(false);
    expect(call.answerRefusal('2026-11-29')).toMatchObject({ kind: 'conflict', message: CALL_ANSWER_MSG.pickingDone });
  });

  it('a closed call is gone (and done picking); a declined one was never public', () => {
    const open = Call.post(input, 'account', 'cleveland', now);
    open.approve(now);
    open.close(now);
    expect(open.pickingDoneAt).toEqual(now);
    expect(open.answerRefusal('2026-11-29')).toMatchObject({ kind: 'gone', message: CALL_MSG.closed });
    expect(() => open.finishPicking(now)).toThrow(CALL_ANSWER_MSG.notOpen);
    const declined = Call.post(input, 'account', 'cleveland', now);
    declined.decline('Not local', now);
    expect(declined.answerRefusal('2026-11-29')).toMatchObject({ kind: 'not_found' });
  });
});

describe('CallAnswer (decision 0916)', () => {
  it('is picked once, telling the creator once; a not-picked one cannot be picked', () => {
    const a = CallAnswer.answer('call', 'account', 'profile', 'Hello', now);
    expect(a.status).toBe('sent');
    const tell = jest.fn(() => 'mail-1');
    a.pick(now, tell);
    expect(a).toMatchObject({ status: 'picked', pickedAt: now, toldAt: now, outboxId: 'mail-1' });
    expect(() => a.pick(now, tell)).toThrow(CALL_ANSWER_MSG.alreadyPicked);
    a.notPicked(now, tell);
    expect(a.status).toBe('picked');
    expect(tell).toHaveBeenCalledTimes(1);

    const b = CallAnswer.answer('call', 'other', 'profile-2', 'Hi', now);
    b.notPicked(now, () => 'mail-2');
    b.notPicked(now, () => 'mail-3');
    expect(b).toMatchObject({ status: 'not_picked', outboxId: 'mail-2' });
    const never = jest.fn(() => 'mail-4');
    expect(() => b.pick(now, never)).toThrow(CALL_ANSWER_MSG.alreadyTold);
    expect(never).not.toHaveBeenCalled();
  });
});
