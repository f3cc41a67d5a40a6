import { brotliDecompressSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodingFor, PreparedBody } from './prepared-body';

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

describe('a drawn page kept compressed', () => {
  // A profile page's shape: the shell and the same classes many times, as React draws them.
  const page = `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<div class="flex items-center gap-2 text-sm">Creator ${i}</div>`).join('')}</body></html>`;
  const sent = (prepared: PreparedBody, acceptEncoding?: string) => {
    const headers: Record<string, string> = {};
    const reply = {
      header(name: string, value: string) {
        headers[name.toLowerCase()] = value;
        return reply;
      },
      type(value: string) {
        headers['content-type'] = value;
        return reply;
      },
    };
    const body = prepared.sendTo(
      { headers: { 'accept-encoding': acceptEncoding } } as unknown as FastifyRequest,
      reply as unknown as FastifyReply,
    );
    return { body, headers };
  };

  it('weighs its brotli form only, so the cache counts what it holds', () => {
    const prepared = PreparedBody.html(page);
    expect(prepared.size).toBe(Buffer.byteLength(page));
    expect(prepared.weight).toBe(sent(prepared, 'gzip, deflate, br').body.length);
    expect(prepared.weight).toBeLessThan(prepared.size / 10);
  });

  it('sends brotli as kept, and the page itself to a client without brotli (the framework compresses that)', () => {
    const prepared = PreparedBody.html(page);
    const br = sent(prepared, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    for (const accept of [undefined, 'gzip, deflate', 'br;q=0, gzip']) {
      const plain = sent(prepared, accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(page);
      expect(plain.headers.etag).toBe(br.headers.etag);
    }
  });

  it('keeps a JSON answer as it is, with room for its compressed forms', () => {
    const prepared = PreparedBody.json({ page });
    expect(prepared.weight).toBe(Math.ceil(prepared.size * 1.5));
    expect(JSON.parse(sent(prepared).body.toString())).toEqual({ page });
  });
});

describe('what a kept body holds in memory', () => {
  it('is its own bytes, not a view into a larger block', () => {
    const page = PreparedBody.html(`<html>${'<p class="text-sm">a creator</p>'.repeat(500)}</html>`);
    const json = PreparedBody.json({ names: Array.from({ length: 200 }, (_, i) => `Creator ${i}`) });
    const kept = (b: PreparedBody) => Object.values(b).filter((v): v is Buffer => Buffer.isBuffer(v));
    for (const b of [page, json]) {
      expect(kept(b).length).toBeGreaterThan(0);
      for (const bytes of kept(b)) expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
  });
});
