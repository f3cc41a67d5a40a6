import { waitText } from './stored-request-limit';

describe('waitText', () => {
  it.each([
    [1, 'a minute'],
    [60, 'a minute'],
    [61, '2 minutes'],
    [3599, '60 minutes'],
    [3600, 'about an hour'],
    [5400, 'about 2 hours'],
    [86_400, 'about 24 hours'],
  ])('says a wait of %i s as "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
