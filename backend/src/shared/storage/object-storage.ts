/** Port: where uploaded images live. Local disk by default; S3-compatible for many replicas. */
export abstract class ObjectStorage {
  /** Stores (overwriting) and answers the URL browsers use. */
  abstract put(key: string, body: Buffer, contentType: string): Promise<string>;
  abstract delete(key: string): Promise<void>;
  /** The URL of an object stored earlier (versioned like put's), or null when there is none. */
  abstract urlOf(key: string): Promise<string | null>;
  /** The key behind one of this store's URLs, or null when the URL is not ours. */
  abstract keyOf(url: string): string | null;
}
