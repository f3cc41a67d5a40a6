import { canApprove, canDecline, canFeature, tabLabel, websiteHref } from './submission-rules';

describe('business moderation (spec 4)', () => {
  it.each([
    ['pending', true, true, false],
    ['approved', false, true, true],
    ['declined', true, false, false],
  ] as const)('%s: approve %s, decline %s, feature %s', (status, approve, decline, feature) => {
    expect(canApprove({ status })).toBe(approve);
    expect(canDecline({ status })).toBe(decline);
    expect(canFeature({ status })).toBe(feature);
  });

  it('labels tabs with their counts', () => {
    expect(tabLabel('Pending', 3)).toBe('Pending (3)');
    expect(tabLabel('Approved', 0)).toBe('Approved (0)');
    expect(tabLabel('Declined', undefined)).toBe('Declined (…)');
  });

  it('links only what can be opened', () => {
    expect(websiteHref('https://tremonttaco.test')).toBe('https://tremonttaco.test');
    expect(websiteHref('tremonttaco.test/menu')).toBe('https://tremonttaco.test/menu');
    expect(websiteHref('@tremonttaco')).toBeNull();
    expect(websiteHref(null)).toBeNull();
  });
});
