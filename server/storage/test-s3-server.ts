import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

export type TestS3 = { env: NodeJS.ProcessEnv; close(): Promise<void> };

/**
 * A local S3-compatible server (the npm package @20minutes/s3rver: the S3 REST protocol over HTTP, SigV4 checked)
 * on a free loopback port, with one bucket, and the environment a deployment would set to use it.
 */
export async function startTestS3(bucket = 'flo-files'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'flo-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      FILE_STORE_URL: `s3://${bucket}/tenant-files`,
      AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
      AWS_REGION: 'ap-south-1',
      // s3rver's fixed test credentials: it checks every request's signature against them.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
