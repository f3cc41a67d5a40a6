import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ObjectStorage } from './object-storage';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL browsers use; default `${endpoint}/${bucket}`. */
  publicUrl?: string;
}

/** Any S3-compatible store (MinIO in compose); path-style addressing works everywhere. */
export class S3Storage extends ObjectStorage {
  private readonly client: S3Client;
  private readonly publicBase: string;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region ?? 'us-east-1',
      forcePathStyle: true,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // A store that accepts connections but never answers must not hold an upload forever:
      // give up after these times (an image is at most 5 MB on loopback or a LAN).
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
      maxAttempts: 2,
    });
    this.publicBase = (settings.publicUrl ?? `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}`).replace(
      /\/$/,
      '',
    );
  }

  async put(key: string, body: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=300',
      }),
    );
    return this.versioned(key, Date.now());
  }

  /** The key is overwritten on every upload: a version parameter defeats stale caches. */
  private versioned(key: string, at: number) {
    return `${this.publicBase}/${key}?v=${Math.floor(at).toString(36)}`;
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async urlOf(key: string) {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return this.versioned(key, head.LastModified?.getTime() ?? Date.now());
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  keyOf(url: string) {
    if (!url.startsWith(`${this.publicBase}/`)) return null;
    return decodeURIComponent(url.slice(this.publicBase.length + 1).split(/[?#]/)[0]!);
  }
}
