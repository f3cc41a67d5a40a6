import { encodingFor } from './prepared-body';

describe('the encoding a kept answer is sent in', () => {
  const big = 10_000;

  it('follows what the framework would choose for the usual headers: brotli, else gzip, else none', () => {
    expect(encodingFor(undefined, big)).toBe('identity');
    expect(encodingFor('', big)).toBe('identity');
    expect(encodingFor('gzip, deflate, br, zstd', big)).toBe('br');
    expect(encodingFor('gzip, deflate', big)).toBe('gzip');
    expect(encodingFor('GZIP', big)).toBe('gzip');
    expect(encodingFor('identity', big)).toBe('identity');
    expect(encodingFor('deflate', big)).toBe('identity');
  });

  it('sends small answers as they are, like the framework below its threshold', () => {
    expect(encodingFor('br', 255)).toBe('identity');
    expect(encodingFor('br', 256)).toBe('br');
  });

  it('leaves weights, wildcards, repeated headers and unknown codings to the framework', () => {
    expect(encodingFor('br;q=0, gzip', big)).toBeUndefined();
    expect(encodingFor('*', big)).toBeUndefined();
    expect(encodingFor(['gzip', 'br'], big)).toBeUndefined();
    expect(encodingFor('x-gzip', big)).toBeUndefined();
  });
});
