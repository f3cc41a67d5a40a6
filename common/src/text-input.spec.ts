import { firstUnstorableText, hasLineBreak, isUnstorableText } from './text-input';

describe('text that can be stored', () => {
  it('refuses NUL and lone surrogates, keeps whole emoji', () => {
    expect(isUnstorableText('café 😀')).toBe(false);
    expect(isUnstorableText('a\u0000b')).toBe(true);
    expect(isUnstorableText('\ud83d')).toBe(true);
    expect(isUnstorableText('x\ude00')).toBe(true);
    expect(isUnstorableText('\ude00\ud83d')).toBe(true);
  });

  it('names the first bad string at any depth, keys included', () => {
    expect(firstUnstorableText({ a: 'ok', platforms: [{ handle: 'ok' }, { handle: 'b\u0000' }] })).toBe(
      'platforms.1.handle',
    );
    expect(firstUnstorableText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(firstUnstorableText('\ud800')).toBe('body');
    expect(firstUnstorableText({ a: 1, b: null, c: ['x'] })).toBeNull();
  });

  it('sees every kind of line break', () => {
    for (const brk of ['\n', '\r', '\u2028', '\u2029', '\u0085', '\v', '\f'])
      expect(hasLineBreak(`a${brk}b`)).toBe(true);
    expect(hasLineBreak('a\tb')).toBe(false);
  });
});
