import { visitSource } from './visit';

describe('a visit', () => {
  it.each([
    [undefined, 'direct'],
    ['', 'direct'],
    ['directory', 'directory'],
    ['search', 'search'],
    ['niche', 'niche'],
    ['neighbourhood', 'neighbourhood'],
    ['shortlist', 'shortlist'],
    ['badge', 'badge'],
    ['shared', 'shared'],
    ['outside', 'direct'],
    ['https://www.instagram.com/x/', 'direct'],
    [['search', 'badge'], 'direct'],
  ])('a ref of %p is %p', (ref, source) => expect(visitSource(ref)).toBe(source));
});
