import { formatCount, formatMonthYear, possessive } from './text-format';

describe('formatCount (issue 12: numbers without Intl)', () => {
  it.each([0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, 1_000_000_000, -1_234])('prints %d as en-US does', (n) => {
    expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatMonthYear', () => {
  it('names the month in UTC, as the server draws it', () => {
    expect(formatMonthYear('2026-11-25T12:00:00Z')).toBe('November 2026');
    expect(formatMonthYear('2026-01-01T00:30:00Z')).toBe('January 2026');
    expect(formatMonthYear(new Date('2025-12-31T23:59:59Z'))).toBe('December 2025');
  });

  it('matches en-US long month names for every month', () => {
    for (let m = 0; m < 12; m++) {
      const d = new Date(Date.UTC(2026, m, 15));
      expect(formatMonthYear(d)).toBe(
        d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      );
    }
  });
});

describe('possessive (issue 37 finding 11)', () => {
  it("adds 's, or only the apostrophe to a name ending in s", () => {
    expect(possessive('Akron')).toBe("Akron's");
    expect(possessive('Mailed Bakery')).toBe("Mailed Bakery's");
    expect(possessive('Rubber City Roasters')).toBe("Rubber City Roasters'");
    expect(possessive('Columbus')).toBe("Columbus'");
    expect(possessive('BOOKS')).toBe("BOOKS'");
  });
});
