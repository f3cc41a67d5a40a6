import { CommonNameWords, indexedNameWord, NAMES_SAMPLED_FROM } from './common-name-words';

describe('indexedNameWord (decision 0270)', () => {
  const common = new Set(['creator', 'maria']);

  it.each([
    ['Creator 12345', '12345'],
    ['maria KOWALSKI', 'KOWALSKI'],
    ['  Creator   Lakewood  Ohio ', 'Lakewood'],
  ])('asks the index for the rarest word of %j: %j', (text, word) => {
    expect(indexedNameWord(text, common)).toBe(word);
  });

  it.each([
    ['a single word', 'Creator'],
    ['no common word', 'Avery Kowalski'],
    ['only common words', 'Maria Creator'],
    ['no other word long enough to look up', 'Creator 12'],
  ])('keeps the whole text for %s', (_label, text) => {
    expect(indexedNameWord(text, common)).toBeNull();
  });
});

describe('CommonNameWords', () => {
  const sampler = (names: number, words: string[]) => {
    const sent: string[] = [];
    const query = {
      names: async () => (sent.push('names'), names),
      commonWords: async () => (sent.push('words'), words),
    };
    return { sent, query };
  };

  it('samples the names once the table is large, and again only after ten minutes', async () => {
    let now = 0;
    const { sent, query } = sampler(NAMES_SAMPLED_FROM, ['creator']);
    const words = new CommonNameWords(query, () => now);
    expect([...(await words.current())]).toEqual(['creator']);
    now += 9 * 60_000;
    await words.current();
    expect(sent).toHaveLength(2);
    now += 60_000;
    await words.current();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(4);
  });

  it('takes no sample of a small table: every word is looked up', async () => {
    const { sent, query } = sampler(NAMES_SAMPLED_FROM - 1, ['creator']);
    expect((await new CommonNameWords(query).current()).size).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('answers every search as before when the sample fails', async () => {
    const lost = async (): Promise<never> => {
      throw new Error('connection lost');
    };
    const words = new CommonNameWords({ names: lost, commonWords: lost });
    expect((await words.current()).size).toBe(0);
  });
});
