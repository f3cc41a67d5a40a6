import { HandleCheck, newHandleCode, planHandleChecks } from './handle-check';

const now = new Date('2026-11-25T10:00:00Z');
const confirmed = (platform: 'Instagram' | 'TikTok', handle: string) => {
  const c = HandleCheck.issue('p1', platform, handle, now);
  c.confirm('admin@example.com', now);
  return c;
};

describe('handle checks', () => {
  it('asks for a new code a year after the confirmation, the same one for everyone, kept when confirmed again (decision 0800)', () => {
    const at = new Date('2025-11-26T12:00:00Z');
    const check = HandleCheck.issue('p1', 'Instagram', 'mayaeats', at);
    const first = check.code;
    check.confirm('admin@example.org', at);
    const dayBefore = new Date(at.getTime() + 364 * 86_400_000);
    const yearOn = new Date(at.getTime() + 365 * 86_400_000);
    expect([check.renewalDue(dayBefore), check.codeAt(dayBefore)]).toEqual([false, first]);
    expect(check.renewalDue(yearOn)).toBe(true);
    const renewed = check.codeAt(yearOn);
    expect(renewed).toMatch(/^LC-[2-9A-HJKMNP-Z]{4}$/);
    expect(renewed).not.toBe(first);
    expect(check.codeAt(new Date(yearOn.getTime() + 86_400_000))).toBe(renewed);
    check.confirm('admin@example.org', yearOn);
    expect([check.code, check.renewalDue(yearOn), check.codeAt(yearOn)]).toEqual([renewed, false, renewed]);
    // Never confirmed: nothing to renew.
    expect(HandleCheck.issue('p1', 'TikTok', 'x', at).renewalDue(yearOn)).toBe(false);
  });

  it('gives each platform a short code people can read out', () => {
    for (let i = 0; i < 50; i++) expect(newHandleCode()).toMatch(/^LC-[2-9A-HJKMNP-Z]{4}$/);
  });

  it('issues a check for every platform of a new profile', () => {
    const plan = planHandleChecks(
      'p1',
      [],
      [
        { name: 'Instagram', handle: 'maya' },
        { name: 'TikTok', handle: 'maya.tt' },
      ],
      now,
    );
    expect(plan.issue.map((c) => [c.platform, c.handle, c.confirmedAt])).toEqual([
      ['Instagram', 'maya', null],
      ['TikTok', 'maya.tt', null],
    ]);
    expect(plan.remove).toEqual([]);
    expect(plan.cleared).toEqual([]);
  });

  it('keeps a confirmation while the handle stays, however it is spelled', () => {
    const ig = confirmed('Instagram', 'maya');
    const plan = planHandleChecks('p1', [ig], [{ name: 'Instagram', handle: '@Maya ' }], now);
    expect(plan).toMatchObject({ issue: [], remove: [], cleared: [] });
    expect(ig.confirmedAt).toEqual(now);
    expect(ig.handle).toBe('@Maya ');
  });

  it('clears the confirmation of a changed handle, keeps its code, and says what changed', () => {
    const ig = confirmed('Instagram', 'maya');
    const plan = planHandleChecks('p1', [ig], [{ name: 'Instagram', handle: 'maya_eats' }], now);
    expect(plan.remove).toEqual([ig]);
    expect(plan.issue).toHaveLength(1);
    expect(plan.issue[0]).toMatchObject({
      platform: 'Instagram',
      handle: 'maya_eats',
      code: ig.code,
      confirmedAt: null,
    });
    expect(plan.cleared).toEqual([{ platform: 'Instagram', before: 'maya', after: 'maya_eats' }]);
  });

  it('says so when a confirmed platform is removed; an unconfirmed one goes quietly', () => {
    const plan = planHandleChecks(
      'p1',
      [confirmed('Instagram', 'maya'), HandleCheck.issue('p1', 'TikTok', 'maya.tt', now)],
      [],
      now,
    );
    expect(plan.remove).toHaveLength(2);
    expect(plan.cleared).toEqual([{ platform: 'Instagram', before: 'maya', after: null }]);
  });
});
