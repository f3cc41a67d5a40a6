import { websiteHref } from './business-rules';

describe('websiteHref (decision 0119)', () => {
  it.each([
    ['https://tremonttaco.test', 'https://tremonttaco.test'],
    ['HTTP://tremonttaco.test/menu', 'HTTP://tremonttaco.test/menu'],
    ['tremonttaco.test', 'https://tremonttaco.test'],
    [' www.tremonttaco.test/menu ', 'https://www.tremonttaco.test/menu'],
    ['@tremonttaco', null],
    ['instagram tremonttaco', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('%j → %j', (value, href) => expect(websiteHref(value)).toBe(href));
});
