import { copyOf, defaultCopy, slugOf } from './city';

describe('city', () => {
  it.each([
    ['Cleveland', 'cleveland'],
    ['Cleveland Heights', 'cleveland-heights'],
    ['  St. Louis ', 'st-louis'],
    ['Akron', 'akron'],
  ])('slug of %p is %p', (name, slug) => expect(slugOf(name)).toBe(slug));

  it("keeps Cleveland's flavoured lines and reads plainly elsewhere", () => {
    expect(defaultCopy('Cleveland').resident).toBe('a Clevelander');
    expect(defaultCopy('Akron')).toEqual({ resident: 'someone from Akron', outsiderTell: 'had never set foot in Akron', reviews: 'food reviews' });
    expect(copyOf('Akron', { reviews: 'tire-town reviews' }).reviews).toBe('tire-town reviews');
  });
});
