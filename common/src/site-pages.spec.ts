import { pathAfterSignIn, signInPathFor } from './site-pages';

describe('signing in on the way to the console (decision 0242)', () => {
  it('names the console page in the sign-in link', () =>
    expect(signInPathFor('/admin/review')).toBe('/login?next=%2Fadmin%2Freview'));

  it.each([
    ['/admin', '/admin'],
    ['/admin/review', '/admin/review'],
    ['/admin/creators/1/show', '/admin/creators/1/show'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/apply', '/dashboard'],
    ['/administrator', '/dashboard'],
    ['https://evil.example/admin', '/dashboard'],
    ['//evil.example/admin', '/dashboard'],
    ['/admin//evil.example', '/dashboard'],
    ['/admin/\\evil.example', '/dashboard'],
  ])('%j → %j', (next, path) => expect(pathAfterSignIn(next)).toBe(path));
});
