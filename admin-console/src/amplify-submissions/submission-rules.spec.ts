import { canApprove, canDecline, canFeature, submissionConfirmText, tabLabel, websiteHref } from './submission-rules';

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

  it('asks before declining or un-featuring, not before approving or featuring', () => {
    const s = { business_name: 'Tremont Taco Co', status: 'approved' as const, featured: true };
    expect(submissionConfirmText(s, { status: 'approved' })).toBeNull();
    expect(submissionConfirmText(s, { featured: true })).toBeNull();
    expect(submissionConfirmText(s, { featured: false })).toMatchObject({
      title: 'Remove Tremont Taco Co from featured?',
      confirm: 'Remove from featured',
    });
    expect(submissionConfirmText(s, { status: 'declined' })).toEqual({
      title: 'Decline Tremont Taco Co?',
      body: 'It is featured: declining also takes it off the featured page at once. It moves to the Declined tab.',
      confirm: 'Decline',
    });
    expect(submissionConfirmText({ ...s, status: 'pending', featured: false }, { status: 'declined' })?.body).toBe(
      'It moves to the Declined tab.',
    );
  });
});
