import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ObjectStorage } from './object-storage';

/** The key is overwritten on every upload: a version parameter defeats stale caches. */
const versioned = (key: string, at: number) => `/storage/${key}?v=${Math.floor(at).toString(36)}`;

/** Files under STORAGE_DIR, served by the API at /storage (same origin). */
export class LocalDiskStorage extends ObjectStorage {
  private readonly root: string;

  constructor(dir: string) {
    super();
    this.root = resolve(dir);
  }

  /** Keys never leave the storage directory, whatever they contain. */
  private path(key: string) {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + '/')) throw new Error(`invalid storage key ${key}`);
    return path;
  }

  async put(key: string, body: Buffer, _contentType?: string) {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
    return versioned(key, Date.now());
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true });
  }

  async urlOf(key: string) {
    try {
      return versioned(key, (await stat(this.path(key))).mtimeMs);
    } catch {
      return null;
    }
  }

  keyOf(url: string) {
    const match = /^\/storage\/([^?#]+)/.exec(url);
    return match ? decodeURIComponent(match[1]!) : null;
  }
}
