import { consoleTitle } from './page-titles';

describe('console page titles', () => {
  it.each([
    ['', 'Dashboard · Admin · Local Creators'],
    ['/', 'Dashboard · Admin · Local Creators'],
    ['/review', 'Review queue · Admin · Local Creators'],
    ['/all', 'All creators · Admin · Local Creators'],
    ['/amplify', 'Businesses · Admin · Local Creators'],
    ['/creators/3f0c/show', 'Creator · Admin · Local Creators'],
    ['/introduction-requests', 'Introduction requests · Admin · Local Creators'],
    ['/audit-log', 'Audit trail · Admin · Local Creators'],
    ['/notifications', 'Notifications · Admin · Local Creators'],
    ['/nope', 'Admin · Local Creators'],
  ])('%s → %s', (path, title) => expect(consoleTitle(path)).toBe(title));
});
