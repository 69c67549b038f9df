import { rmSync } from 'node:fs';
import S3rver from 's3rver';
import { makeTempDir } from './server.ts';

export interface TestBucket {
  /** The S3_* settings that point Hearth at this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The CORS rule a bucket needs for browsers to play presigned audio (S3_PUBLIC_URLS), as docs/self-hosting.md gives it. */
const CORS_RULE = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>Range</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * A real S3-protocol server (s3rver) on loopback, serving one bucket from a temporary folder;
 * `cors` gives the bucket the rule browsers need to read presigned audio.
 */
export async function startTestBucket(bucket = 'hearth-test', options: { cors?: boolean } = {}): Promise<TestBucket> {
  const directory = makeTempDir('hearth-s3-');
  const configs = options.cors ? [CORS_RULE] : [];
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs }] });
  const { port } = await server.run();
  return {
    // s3rver accepts its well-known default keys.
    env: { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
