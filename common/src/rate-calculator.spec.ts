import { MSG } from './messages';
import { calculateRate, estimateRate } from './rate-calculator';

describe('rate calculator (spec point 9)', () => {
  it.each([
    [0, 75, 250],
    [9_999, 250, 250], // 75 + 0.9999 x 175 = 249.98 → 250
    [10_000, 250, 250],
    [99_999, 250, 1_250], // 250 + 89,999/90,000 x 1,000 = 1,249.99 → 1,250
    [100_000, 1_250, 1_250],
    [999_999, 1_250, 2_500], // 1,250 + 899,999/900,000 x 1,250 → 2,500
    [1_000_000, 5_000, 5_000],
    [2_000_000, 5_000, 50_000],
    [10_000_000, 5_000, 50_000], // capped
    [5_000, 163, 250],
    [50_000, 250, 694],
  ])('%d followers → $%d–$%d', (followers, min, max) => {
    expect(estimateRate(followers)).toEqual({ min, max });
  });

  it.each(['', '0', '-5', 'abc', 'NaN', 'Infinity'])('refuses %j with the spec message', (input) => {
    expect(calculateRate(input)).toEqual({ ok: false, title: MSG.calculatorOops, message: MSG.calculatorInvalid });
  });

  it('accepts thousands separators', () => {
    expect(calculateRate('12,500')).toEqual({ ok: true, estimate: estimateRate(12_500) });
  });
});
