import { callMatches, type CallMatchCreator, type CallMatchNeeds } from './call-matching';

const call: CallMatchNeeds = {
  city_slug: 'cleveland',
  niches: ['Food'],
  content_types: ['Reels', 'Photo'],
  collab_types: ['Sponsored Post'],
  neighborhoods: ['Tremont', 'Ohio City'],
  followers_min: 1000,
  followers_max: 20000,
};
const creator: CallMatchCreator = {
  city_slug: 'cleveland',
  niches: ['Food', 'Family'],
  content_types: ['Reels'],
  collab_types: ['Sponsored Post', 'Affiliate'],
  neighborhood: ' ohio  city ',
  followers: 15000,
};

describe('callMatches', () => {
  it('matches a creator of the city sharing a niche, a content type and a collaboration, in a named neighbourhood and the range', () => {
    expect(callMatches(call, creator)).toBe(true);
  });

  it.each<[string, Partial<CallMatchCreator>]>([
    ['another city', { city_slug: 'akron' }],
    ['no shared niche', { niches: ['Music'] }],
    ['no shared content type', { content_types: ['Blog'] }],
    ['no shared collaboration', { collab_types: ['Affiliate'] }],
    ['another neighbourhood', { neighborhood: 'Slavic Village' }],
    ['no neighbourhood for a neighbourhood call', { neighborhood: null }],
    ['too few followers', { followers: 999 }],
    ['too many followers', { followers: 20001 }],
  ])('does not match: %s', (_, over) => {
    expect(callMatches(call, { ...creator, ...over })).toBe(false);
  });

  it('a whole-city call with no follower range takes any neighbourhood and any count', () => {
    expect(
      callMatches(
        { ...call, neighborhoods: [], followers_min: null, followers_max: null },
        { ...creator, neighborhood: null, followers: 5 },
      ),
    ).toBe(true);
  });
});
