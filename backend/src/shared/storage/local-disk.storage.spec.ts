import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk.storage';

describe('LocalDiskStorage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lc-disk-'));
  const storage = new LocalDiskStorage(dir);

  it('stores, overwrites, finds and deletes by key, with versioned same-origin URLs', async () => {
    const url = await storage.put('profile-images/u1/profile.webp', Buffer.from('one'), 'image/webp');
    expect(url).toMatch(/^\/storage\/profile-images\/u1\/profile\.webp\?v=[0-9a-z]+$/);
    await storage.put('profile-images/u1/profile.webp', Buffer.from('two'), 'image/webp');
    expect(readFileSync(join(dir, 'profile-images/u1/profile.webp'), 'utf8')).toBe('two');
    expect(await storage.urlOf('profile-images/u1/profile.webp')).toMatch(
      /^\/storage\/profile-images\/u1\/profile\.webp\?v=/,
    );
    expect(storage.keyOf(url)).toBe('profile-images/u1/profile.webp');

    await storage.delete('profile-images/u1/profile.webp');
    expect(existsSync(join(dir, 'profile-images/u1/profile.webp'))).toBe(false);
    expect(await storage.urlOf('profile-images/u1/profile.webp')).toBeNull();
    await expect(storage.delete('profile-images/u1/profile.webp')).resolves.toBeUndefined();
  });

  it('never writes outside its directory', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid storage key');
    await expect(storage.delete('../../etc/passwd')).rejects.toThrow('invalid storage key');
    expect(await storage.urlOf('../escape.txt')).toBeNull();
  });

  it('recognises only its own URLs', () => {
    expect(storage.keyOf('https://evil.example.com/storage/x.webp')).toBeNull();
    expect(storage.keyOf('/storage/profile-images/u%201/profile.webp?v=1')).toBe('profile-images/u 1/profile.webp');
  });
});
