import { badgeStateOf, verifiedBadgeSvg } from './verified-badge';

describe('the live badge (decision 0802)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  const listed = (reviewedAt: string | null) => ({
    city: 'Cleveland',
    verified: true,
    reviewed_at: reviewedAt,
    reviewed_on: reviewedAt?.slice(0, 10) ?? null,
  });

  it('is verified while listed and checked within the year, and not otherwise', () => {
    expect(badgeStateOf(listed(daysAgo(364)), 'Akron', now)).toEqual({
      verified: true,
      city: 'Cleveland',
      checkedOn: daysAgo(364).slice(0, 10),
    });
    expect(badgeStateOf(listed(daysAgo(365)), 'Akron', now)).toEqual({ verified: false, city: 'Cleveland' });
    expect(badgeStateOf(listed(null), 'Akron', now)).toEqual({ verified: false, city: 'Cleveland' });
    // Not listed (or unknown): the install's city.
    expect(badgeStateOf(null, 'Akron', now)).toEqual({ verified: false, city: 'Akron' });
  });

  it('titles the SVG with what it says, escapes what it prints, and links to the profile', () => {
    const svg = verifiedBadgeSvg(
      { verified: true, city: 'Tom & Jerry <Town>', checkedOn: '2026-02-28' },
      'https://example.org/creator/1?a=1&b=2',
    );
    expect(svg).toContain(
      '<title id="lc-badge-title">Verified local creator in Tom &amp; Jerry &lt;Town&gt;, last checked February 28, 2026</title>',
    );
    expect(svg).toContain('<a href="https://example.org/creator/1?a=1&amp;b=2" target="_top">');
    expect(svg).toContain('>Last checked February 28, 2026</text>');
    expect(svg).not.toMatch(/<Town>/);
  });

  it('draws a long city smaller, then cut with an ellipsis, never past the edge', () => {
    const svg = verifiedBadgeSvg(
      { verified: true, city: 'Saint-Jean-sur-Richelieu Metropolitan', checkedOn: '2026-09-30' },
      'https://x',
    );
    const size = Number(/font-size="([\d.]+)" font-weight="600" fill="#5b21b6">Saint/.exec(svg)![1]);
    expect(size).toBeLessThan(14);
    expect(size).toBeGreaterThanOrEqual(9);
    expect(verifiedBadgeSvg({ verified: true, city: 'L'.repeat(80), checkedOn: '2026-09-30' }, 'https://x')).toMatch(
      /L+…<\/text>/,
    );
  });

  it('says "Not currently verified" without a date', () => {
    const svg = verifiedBadgeSvg({ verified: false, city: 'Cleveland' }, 'https://x');
    expect(svg).toContain('<title id="lc-badge-title">Not currently verified as a local creator in Cleveland</title>');
    expect(svg).not.toContain('Last checked');
  });
});
