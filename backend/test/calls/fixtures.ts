/** A day relative to today in the test cities' time zone (America/New_York), as the API takes it: YYYY-MM-DD. */
export const cityDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + offset * 86_400_000));

/** A call every rule accepts (common's validateCall): paid, in Tremont, for food creators. */
export const validCall = (over: Record<string, unknown> = {}) => ({
  business_name: 'Tremont Tacos',
  title: 'Three food creators for Saturday',
  description: 'Film our new winter menu, one reel each.',
  niches: ['Food'],
  content_types: ['Reels'],
  collab_types: ['Sponsored Post'],
  neighborhoods: ['Tremont'],
  followers_min: 1000,
  followers_max: 20000,
  starts_on: cityDay(10),
  ends_on: cityDay(11),
  deadline: cityDay(7),
  offer: 'paid',
  fee_min: 200,
  fee_max: 400,
  creators_wanted: 3,
  ...over,
});
