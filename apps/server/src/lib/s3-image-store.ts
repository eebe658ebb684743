import type * as S3 from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';
import { type ImageArea, type ImageRead, type ImageStore, isStoredName, type StoredImage, StorageUnavailable } from './image-store';

// The images in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, Cloudflare R2…) with the official SDK
// (docs/decisions/0328-object-storage.md): `uploads/<name>` served, `uploads-removed/<name>` kept a day after removal.
// The SDK is loaded on first use, so a server on the disk never loads it.

type S3Config = Extract<AppConfig['storage'], { kind: 's3' }>;
type Sdk = typeof S3;

const PREFIX: Record<ImageArea, string> = { uploads: 'uploads/', removed: 'uploads-removed/' };
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  errors?: { code?: string }[];
  $metadata?: { httpStatusCode?: number };
}

function statusOf(err: unknown): number | undefined {
  return (err as SdkError).$metadata?.httpStatusCode;
}

function isMissingKey(err: unknown): boolean {
  const name = (err as SdkError).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(err) === 404 && name !== 'NoSuchBucket');
}

export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  readonly where: string;
  private connection: Promise<{ sdk: Sdk; client: S3.S3Client }> | null = null;

  constructor(private readonly config: S3Config) {
    this.where = `s3://${config.bucket}/${PREFIX.uploads}`;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3.S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint ?? undefined,
        forcePathStyle: this.config.forcePathStyle,
        credentials: this.config.credentials ?? undefined,
        maxAttempts: 3,
        // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's newer default ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An unreachable storage fails a request in seconds, not the socket's minutes.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
      }),
    }));
    return this.connection;
  }

  private key(area: ImageArea, name: string): string {
    if (!isStoredName(name)) throw new Error(`Not a stored image's name: ${JSON.stringify(name)}`);
    return `${PREFIX[area]}${name}`;
  }

  /** The operator's words for a failed request: which storage, and what to check. */
  private unavailable(err: unknown, doing: string): StorageUnavailable {
    if (err instanceof StorageUnavailable) return err;
    const e = err as SdkError;
    const at = this.config.endpoint ?? `AWS S3 (${this.config.region})`;
    const bucket = this.config.bucket;
    const code = e.code ?? e.errors?.find((x) => x.code)?.code;
    if ((code && NETWORK.has(code)) || e.name === 'TimeoutError') {
      return new StorageUnavailable(`The object storage at ${at} cannot be reached (${code ?? e.name}): check S3_ENDPOINT and that the storage is running`);
    }
    if (e.name === 'NoSuchBucket' || (e.name === 'NotFound' && doing === 'checking the bucket')) {
      return new StorageUnavailable(`The bucket ${bucket} does not exist at ${at}: create it, or correct S3_BUCKET`);
    }
    if (e.name === 'CredentialsProviderError') return new StorageUnavailable('No credentials for the object storage: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    if (statusOf(err) === 301 || e.name === 'PermanentRedirect' || e.name === 'AuthorizationHeaderMalformed') {
      return new StorageUnavailable(`The bucket ${bucket} is in another region than ${this.config.region}: set S3_REGION to its region`);
    }
    if (statusOf(err) === 403 || ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden'].includes(e.name ?? '')) {
      return new StorageUnavailable(`The object storage at ${at} refused access to the bucket ${bucket}: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket`);
    }
    const detail = `${e.name ?? 'Error'}${e.message ? `: ${e.message.split('\n')[0]}` : ''}`;
    return new StorageUnavailable(`The object storage at ${at} failed while ${doing} (${detail})`);
  }

  async prepare(): Promise<void> {}

  async put(area: ImageArea, name: string, data: Buffer): Promise<void> {
    const { sdk, client } = await this.connect();
    const type = CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
    await client
      .send(new sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(area, name), Body: data, ContentType: type, ContentLength: data.length }))
      .catch((err: unknown) => {
        throw this.unavailable(err, 'storing an image');
      });
  }

  async read(area: ImageArea, name: string): Promise<ImageRead | null> {
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(area, name) }));
      const data = Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
      return { name, data, size: data.length, modifiedMs: out.LastModified?.getTime() ?? 0, etag: out.ETag ?? `"${data.length}"` };
    } catch (err) {
      if (isMissingKey(err)) return null;
      throw this.unavailable(err, 'reading an image');
    }
  }

  async list(area: ImageArea): Promise<StoredImage[]> {
    const { sdk, client } = await this.connect();
    const out: StoredImage[] = [];
    let token: string | undefined;
    do {
      const page = await client
        .send(new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: PREFIX[area], ContinuationToken: token }))
        .catch((err: unknown) => {
          throw this.unavailable(err, 'listing the images');
        });
      for (const o of page.Contents ?? []) {
        const name = (o.Key ?? '').slice(PREFIX[area].length);
        if (isStoredName(name)) out.push({ name, size: o.Size ?? 0, modifiedMs: o.LastModified?.getTime() ?? 0, etag: o.ETag ?? '' });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  /** A copy under the new key (its time is the copy's), then the old key deleted: S3 has no rename. */
  async move(name: string, from: ImageArea, to: ImageArea): Promise<boolean> {
    const { sdk, client } = await this.connect();
    const source = this.key(from, name);
    try {
      await client.send(new sdk.CopyObjectCommand({ Bucket: this.config.bucket, Key: this.key(to, name), CopySource: `${this.config.bucket}/${encodeURIComponent(source).replace(/%2F/g, '/')}` }));
    } catch (err) {
      if (isMissingKey(err)) return false;
      throw this.unavailable(err, 'moving an image');
    }
    await this.delete(from, name);
    return true;
  }

  async delete(area: ImageArea, name: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(area, name) })).catch((err: unknown) => {
      if (isMissingKey(err)) return;
      throw this.unavailable(err, 'deleting an image');
    });
  }

  async isEmpty(): Promise<boolean> {
    const { sdk, client } = await this.connect();
    const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: PREFIX.uploads, MaxKeys: 1 })).catch((err: unknown) => {
      throw this.unavailable(err, 'listing the images');
    });
    return (page.Contents ?? []).length === 0;
  }

  async check(): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket })).catch((err: unknown) => {
      throw this.unavailable(err, 'checking the bucket');
    });
  }
}
