import { chooseCity, showsCities, withChosenCity } from './city-choice';

describe('city choice', () => {
  afterEach(() => chooseCity(''));

  it('adds the chosen city to every per-city list, not to cities or the mail queue', () => {
    expect(withChosenCity('creators', { q: 'maya' })).toEqual({ q: 'maya' });
    chooseCity('akron');
    expect(withChosenCity('creators', { q: 'maya' })).toEqual({ q: 'maya', city: 'akron' });
    expect(withChosenCity('audit-log', undefined)).toEqual({ city: 'akron' });
    expect(withChosenCity('cities', {})).toEqual({});
    expect(withChosenCity('notifications', {})).toEqual({});
    expect(withChosenCity('creators', { city: 'cleveland' })).toEqual({ city: 'cleveland' });
  });

  it('shows cities except in a one-city install', () => {
    expect(showsCities([{ every_city: true }])).toBe(false);
    expect(showsCities([{ every_city: true }, { every_city: true }])).toBe(true);
    expect(showsCities([{ every_city: false }])).toBe(true);
  });
});
