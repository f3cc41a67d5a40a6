import { LIMITS } from './constants';
import { linkFrom } from './links';

describe('linkFrom: one rule for links (decision 0240)', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://instagram.com/ada?x=1', 'http://instagram.com/ada?x=1'],
    ['HTTP://tremonttaco.test/menu', 'HTTP://tremonttaco.test/menu'],
    ['instagram.com/handle', 'https://instagram.com/handle'],
    ['  lakeviewcoffee.example ', 'https://lakeviewcoffee.example'],
    ['www.tiktok.com/@ada', 'https://www.tiktok.com/@ada'],
    ['//ada.example/kit', 'https://ada.example/kit'],
    ['instagram.com:443/ada', 'https://instagram.com:443/ada'],
  ])('%j → %j', (typed, link) => expect(linkFrom(typed)).toBe(link));

  it.each([
    '',
    '   ',
    null,
    undefined,
    'javascript:alert(1)',
    'data:text/html,hi',
    'mailto:ada@example.com',
    'ftp://example.com',
    'https://localhost',
    'localhost:3000',
    'https://exa mple.com',
    'instagram tremonttaco',
    '@tremonttaco',
    'ada@evil.example',
    'https://user:pass@example.com',
    'example.',
  ])('refuses %j', (typed) => expect(linkFrom(typed)).toBeNull());

  it('refuses a link over the length limit', () =>
    expect(linkFrom(`example.com/${'a'.repeat(LIMITS.urlMax)}`)).toBeNull());
});
