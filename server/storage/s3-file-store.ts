import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type FileStore } from './file-store';

export type S3Settings = {
  bucket: string;
  /** Prepended to every key: '' or ending in '/'. */
  prefix: string;
  /** An S3-compatible service's address (AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL); AWS itself when unset. */
  endpoint?: string;
  region: string;
  /** Keys from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, else the SDK's usual chain (profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Files and upload parts as objects of one bucket (FILE_STORE_URL=s3://bucket/prefix). */
export function createS3FileStore(s: S3Settings): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    // Self-hosted S3-compatible stores (MinIO, Ceph, the test server) answer on one host name, not per bucket.
    forcePathStyle: s.endpoint !== undefined,
    credentials: s.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const name = (key: string) => `${s.prefix}${checkKey(key)}`;
  return {
    kind: 's3',
    client,
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: name(key), Body: bytes, ContentLength: bytes.length }));
    },
    async open(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: name(key) }));
        return (got.Body as AsyncIterable<Uint8Array> | undefined) ?? null;
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw e;
      }
    },
    // One DeleteObject per key (an upload has a few parts): the batch call needs a body checksum that several
    // S3-compatible stores compute differently from the SDK (the test server refuses its signature).
    async delete(keys) {
      const names = keys.map(name);
      for (let i = 0; i < names.length; i += 8) {
        await Promise.all(names.slice(i, i + 8).map((Key) => client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key }))));
      }
    },
  };
}
