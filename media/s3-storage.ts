import { rmSync } from 'node:fs';
import type { S3Settings } from '../src/config.ts';
import { HASH_PATTERN } from './paths.ts';
import { type AudioStore, type MediaStorage, localStorage } from './storage.ts';

/** The same relative layout as on disk, so a library moves between the two key for key. */
export function audioKey(hash: string): string {
  if (!HASH_PATTERN.test(hash)) throw new Error(`not a content hash: ${hash}`);
  return `audio/${hash.slice(0, 2)}/${hash}`;
}

export function s3Client(settings: S3Settings): Bun.S3Client {
  const { bucket, endpoint, region, accessKeyId, secretAccessKey } = settings;
  return new Bun.S3Client({ bucket, endpoint, region, accessKeyId, secretAccessKey });
}

const missing = (error: unknown) => (error as { code?: string }).code === 'NoSuchKey' || (error as { code?: string }).code === 'ERR_S3_FILE_NOT_FOUND';

/**
 * Song audio in an S3-compatible bucket. Only single-object calls and a flat prefix listing
 * are used (no "folders"), which every S3 server implements.
 */
export function s3AudioStore(client: Bun.S3Client): AudioStore {
  return {
    kind: 's3',
    async commit(tempPath, hash) {
      try {
        // Written even when present: a fresh LastModified spares it from a concurrent clean-up.
        await client.write(audioKey(hash), Bun.file(tempPath));
      } finally {
        rmSync(tempPath, { force: true });
      }
    },
    async remove(hash) {
      await client.delete(audioKey(hash));
    },
    async stat(hash) {
      try {
        const stat = await client.stat(audioKey(hash));
        return { size: stat.size, mtimeMs: stat.lastModified.getTime() };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    blob: (hash) => client.file(audioKey(hash)),
    location: (hash, seconds = 3600) => client.presign(audioKey(hash), { expiresIn: seconds }),
    async *list() {
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ prefix: 'audio/', continuationToken });
        for (const item of page.contents ?? []) {
          const hash = item.key.split('/').pop() ?? '';
          if (HASH_PATTERN.test(hash) && item.key === audioKey(hash)) {
            yield { hash, size: item.size ?? 0, mtimeMs: new Date(item.lastModified ?? 0).getTime() };
          }
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}

/** Where presigned links point (path-style or virtual-host style, as the client signs them). */
export function presignedOrigin(settings: S3Settings): string {
  return new URL(s3Client(settings).presign(audioKey('0'.repeat(64)))).origin;
}

/** Audio in the bucket; temp files, artwork and previews stay under DATA_DIR/media. */
export function s3Storage(mediaDir: string, settings: S3Settings): MediaStorage {
  return localStorage(mediaDir, s3AudioStore(s3Client(settings)));
}

/** The storage Hearth's config asks for: the bucket when S3_BUCKET is set, else the disk. */
export function openStorage(mediaDir: string, s3: S3Settings | null): MediaStorage {
  return s3 ? s3Storage(mediaDir, s3) : localStorage(mediaDir);
}
