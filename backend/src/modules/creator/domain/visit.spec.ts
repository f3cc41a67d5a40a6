import { isKnownBot, visitSource } from './visit';

const SITE = 'https://localcreators.example';

describe('a visit', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'facebookexternalhit/1.1',
    'Mozilla/5.0 (compatible; YandexBot/3.0)',
    'Some-Crawler/2.0',
    'my-spider',
    'curl/8.5.0',
    '',
    undefined,
  ])('is a known robot: %p', (ua) => expect(isKnownBot(ua)).toBe(true));

  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  ])('is a person: %p', (ua) => expect(isKnownBot(ua)).toBe(false));

  it.each([
    [undefined, 'direct'],
    ['', 'direct'],
    ['not a url', 'direct'],
    [`${SITE}/directory`, 'directory'],
    [`${SITE}/directory/`, 'directory'],
    [`${SITE}/creator/5b0c…`, 'directory'],
    [`${SITE}/directory?q=coffee`, 'search'],
    [`${SITE}/directory?q=%20`, 'directory'],
    [`${SITE}/directory?niche=Food`, 'niche'],
    [`${SITE}/niche/food`, 'niche'],
    [`${SITE}/neighborhood/ohio-city`, 'neighbourhood'],
    [`${SITE}/neighbourhood/tremont`, 'neighbourhood'],
    ['https://www.instagram.com/x/', 'outside'],
    ['http://localcreators.example/directory', 'outside'],
  ])('from %p is %p', (referer, source) => expect(visitSource(referer, SITE)).toBe(source));

  it('takes a page of the host the request was sent to as its own (a city on its own host)', () => {
    expect(visitSource('https://akron.localcreators.example/directory?q=bikes', SITE, 'akron.localcreators.example')).toBe('search');
  });
});
