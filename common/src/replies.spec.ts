import { replyTimeOf, replyTimeText } from './replies';

const day = 86_400_000;
describe('reply times (decision 0710)', () => {
  it('says nothing under 3 counted messages', () => {
    expect(replyTimeOf([])).toBeNull();
    expect(replyTimeOf([day, null])).toBeNull();
  });
  it('takes the lower median, unanswered last, rounded up to whole days (at least 1)', () => {
    expect(replyTimeText(replyTimeOf([3 * 3_600_000, 5 * 3_600_000, null]))).toBe('Usually replies within 1 day');
    expect(replyTimeText(replyTimeOf([2.5 * day, 6 * day, 1 * day, null]))).toBe('Usually replies within 3 days');
  });
  it('says "Rarely replies" when more than half went unanswered', () => {
    expect(replyTimeText(replyTimeOf([day, null, null]))).toBe('Rarely replies');
    expect(replyTimeOf([day, null, null])).toEqual({ within_days: null, rarely: true });
  });
});
