import { NICHES } from './constants';
import { areaDescription, areaDirectoryHref, areaHeading, areaSlug, nichePath, neighborhoodPath } from './area-pages';

describe('area pages (decision 0640)', () => {
  it('gives one slug to every spelling of a neighbourhood, and a niche its lower-case name', () => {
    for (const typed of ['Ohio City', ' ohio  city ', 'OHIO-CITY', 'Ohio_City!'])
      expect(areaSlug(typed)).toBe('ohio-city');
    expect(NICHES.map(nichePath)).toContain('/niche/food');
    expect(neighborhoodPath('Slavic Village')).toBe('/neighborhood/slavic-village');
    expect(areaSlug('—')).toBe('');
  });

  it('names the page, says its count, and links the directory filtered the same way', () => {
    const niche = { kind: 'niche', name: 'Food', city_name: null, total_creators: 1 } as const;
    const place = { kind: 'neighborhood', name: 'Ohio City', city_name: 'Akron', total_creators: 12 } as const;
    expect(areaHeading(niche, 'Cleveland')).toBe('Food creators in Cleveland');
    expect(areaHeading(place, 'Cleveland')).toBe('Creators in Ohio City, Akron');
    expect(areaDescription(niche, 'Cleveland')).toBe(
      '1 verified local Food creator in Cleveland: their follower spread, the newest and the most followed. Free, no account needed.',
    );
    expect(areaDirectoryHref(place)).toBe('/directory?neighborhood=Ohio%20City');
  });
});
