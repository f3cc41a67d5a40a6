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
    expect(defaultCopy('Akron')).toMatchObject({
      resident: 'someone from Akron',
      outsiderTell: 'had never set foot in Akron',
      reviews: 'food reviews',
    });
    expect(copyOf('Akron', { reviews: 'tire-town reviews' }).reviews).toBe('tire-town reviews');
  });

  // Issue 37 finding 4 (decision 0654): what holds for one city only is that city's.
  it("gives another city no promotion, no other city's area code, and its own neighbourhoods as examples", () => {
    expect(defaultCopy('Cleveland')).toMatchObject({
      promoTitle: 'This week on the lake',
      phoneExample: '(216) 555-0123',
      neighborhoodExamples: 'Ohio City, Tremont or Lakewood',
    });
    expect(defaultCopy('Akron')).toMatchObject({
      promoTitle: '',
      promoUrl: '',
      phoneExample: '(555) 555-0123',
      neighborhoodExamples: '',
    });
    expect(
      copyOf('Akron', {}, ['Highland Square', 'Merriman Valley', 'Firestone Park', 'Goodyear Heights'])
        .neighborhoodExamples,
    ).toBe('Highland Square, Merriman Valley or Firestone Park');
    expect(copyOf('Akron', {}, ['Highland Square']).neighborhoodExamples).toBe('Highland Square');
    expect(copyOf('Akron', { neighborhoodExamples: 'Downtown' }, ['Highland Square']).neighborhoodExamples).toBe(
      'Downtown',
    );
    for (const text of Object.values(copyOf('Akron', {}, ['Highland Square'])))
      expect(text).not.toMatch(/Cleveland|Lake Erie|Ohio City|\(216\)|pierogi/);
  });
});
