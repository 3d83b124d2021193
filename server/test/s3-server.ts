import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  bucket: string;
  endpoint: string;
  /** The env that points the app's storage at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, with one empty bucket, in a temp dir. */
export async function startTestS3Server(bucket = 'media'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fp-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
