import { Metrics } from '../../src/shared/metrics';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';

/**
 * Issue 35: twenty thousand drawn profiles fit in the directory's cache beside the searches
 * (decisions 0286, 0287), which holds at most 25,000 answers. A storm of new searches, each asked
 * once, must not fill it: neither a search's answer (decision 0950) nor what the word table told of
 * its words (decision 0280) is kept before its second ask. An operator sees the count as
 * lc_directory_cache_answers.
 */
describe('the directory cache under new searches', () => {
  let t: TestApp;
  let metrics: string;

  beforeAll(async () => {
    t = await createTestApp();
    metrics = `http://127.0.0.1:${await t.app.get(Metrics).listen(0, 'api', '127.0.0.1')}/metrics`;
    for (const name of ['Imani Brooks', 'Maya Brooks', 'Piotr Kowalski']) await creatorWithProfile(t, name);
  });
  afterAll(() => t.close());

  const kept = async () => {
    const line = (await (await fetch(metrics)).text())
      .split('\n')
      .find((l) => l.startsWith('lc_directory_cache_answers'));
    return Number(line!.split(' ').pop());
  };
  const search = (q: string) => t.http().get('/api/creators').query({ q }).expect(200);

  it('keeps nothing of searches asked once, and both the answer and its words from the second ask', async () => {
    await search('brooks'); // the listing's version and the overview's counts, as any visit reads first
    const before = await kept();
    // Rare words (found with their page) and words nobody has (nothing found), each asked once.
    const once = ['ima', 'iman', 'imani', 'imani b', 'may', 'maya', 'maya b', 'piotr', 'kowal', 'zzqx', 'brooks 12'];
    for (const q of once) await search(q);
    expect(await kept()).toBe(before);

    const again = await search('imani');
    expect(again.body.items.map((c: { display_name: string }) => c.display_name)).toEqual(['Imani Brooks']);
    expect(await kept()).toBe(before + 2); // the answer, and its words' numbers
  });
});
