import { pathAfterSignIn, sameSitePath, signInPathFor } from './site-pages';

describe('signing in on the way back to a page (decisions 0242, 0935)', () => {
  it('names the page in the sign-in link', () => {
    expect(signInPathFor('/admin/review')).toBe('/login?next=%2Fadmin%2Freview');
    expect(signInPathFor('/cleveland/calls/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      '/login?next=%2Fcleveland%2Fcalls%2F0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    expect(signInPathFor('/calls/new?x=1')).toBe('/login?next=%2Fcalls%2Fnew%3Fx%3D1');
  });

  it('links plain /login when sign-in would lead to the dashboard anyway', () => {
    expect(signInPathFor('/dashboard')).toBe('/login');
    expect(signInPathFor('//evil.example')).toBe('/login');
    expect(signInPathFor('/login')).toBe('/login');
  });

  it.each([
    ['/admin', '/admin'],
    ['/admin/review', '/admin/review'],
    ['/admin/creators/1/show', '/admin/creators/1/show'],
    ['/apply', '/apply'],
    ['/calls/mine', '/calls/mine'],
    ['/cleveland/calls/0f8fad5b-d9cb-469f-a165-70867728950e', '/cleveland/calls/0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['/akron/calls?page=2#top', '/akron/calls?page=2#top'],
    ['/', '/'],
    [null, '/dashboard'],
    [undefined, '/dashboard'],
    ['', '/dashboard'],
  ])('%j → %j', (next, path) => expect(pathAfterSignIn(next)).toBe(path));

  // Anything a browser could read as another site, or that is not a path, falls back to the dashboard.
  it.each([
    'https://evil.example/admin',
    'http://evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    'evil.example/calls',
    '//evil.example',
    '//evil.example/admin',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/admin/\\evil.example',
    '/admin//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '/calls\u007f',
    '/calls\u0085',
    '/ /evil.example',
    ' /calls',
    '/calls\u2028',
    `/${'a'.repeat(2001)}`,
    '/login',
    '/login?next=%2Fcalls',
    '/signup',
  ])('refuses %j', (next) => {
    expect(sameSitePath(next)).toBeNull();
    expect(pathAfterSignIn(next)).toBe('/dashboard');
  });

  it('keeps a path with encoded slashes (the browser stays on this site either way)', () =>
    expect(pathAfterSignIn('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example'));
});
