import type { S3Settings } from '../src/config.ts';
import { audioKey, s3Client } from './s3-storage.ts';

/**
 * Whether the bucket lets a page at `origin` read presigned audio, asked with the preflight a
 * browser sends for a ranged GET (no signature needed: S3 answers preflights from its CORS rules).
 * Null when the bucket could not be asked.
 */
export async function bucketAllowsOrigin(settings: S3Settings, origin: string): Promise<boolean | null> {
  const url = new URL(s3Client(settings).presign(audioKey('0'.repeat(64))));
  url.search = '';
  try {
    const answer = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' },
      signal: AbortSignal.timeout(10_000),
    });
    const allowed = answer.headers.get('access-control-allow-origin');
    return answer.ok && (allowed === '*' || allowed === origin);
  } catch {
    return null;
  }
}

/** The start-up line about S3_PUBLIC_URLS: without a CORS rule for Hearth's address nothing plays. */
export async function bucketCorsNotice(settings: S3Settings, origin: string): Promise<{ level: 'info' | 'warn'; message: string }> {
  const allowed = await bucketAllowsOrigin(settings, origin);
  if (allowed) return { level: 'info', message: `S3_PUBLIC_URLS: the bucket lets ${origin} play its audio.` };
  const why = allowed === null ? 'could not be asked whether it lets' : 'has no CORS rule that lets';
  return { level: 'warn', message: `S3_PUBLIC_URLS: the bucket ${why} ${origin} play its audio, and browsers will play nothing without one. Add the rule in docs/self-hosting.md, or turn S3_PUBLIC_URLS off.` };
}
