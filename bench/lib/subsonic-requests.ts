import { createHash } from 'node:crypto';
import { randomId } from '../../src/shared/ids.ts';
import { type LoadResult, measureRequests } from './harness.ts';

/**
 * Subsonic requests as the apps send them, for a bench server whose admin 'benchadmin' (or
 * `target().username`) has the app password `target().password` (read at each call: the benches
 * learn it while seeding).
 */
export function subsonicRequests(target: () => { url: string; password: string; username?: string }) {
  /** Token auth: a fresh salt per request, t = md5(password + salt). */
  const restUrl = (method: string, query: Record<string, string | number> = {}): string => {
    const { url, password, username = 'benchadmin' } = target();
    const salt = randomId(8);
    const token = createHash('md5').update(password + salt).digest('hex');
    const params = new URLSearchParams({ u: username, t: token, s: salt, v: '1.16.1', c: 'bench', f: 'json' });
    for (const [name, value] of Object.entries(query)) params.set(name, String(value));
    return `${url}/rest/${method}.view?${params}`;
  };

  const ok = async (response: Response): Promise<void> => {
    const text = await response.text();
    if (!response.ok || !text.includes('"status":"ok"')) throw new Error(`${response.url}: ${response.status} ${text.slice(0, 200)}`);
  };

  /** One request at a time after 20 to warm up, as a phone app browses. */
  const latency = async (requests: number, url: () => string): Promise<LoadResult> => {
    Bun.gc(true);
    for (let i = 0; i < 20; i++) await ok(await fetch(url(), { headers: { 'accept-encoding': 'gzip' } }));
    return measureRequests({ requests, concurrency: 1, run: async () => ok(await fetch(url(), { headers: { 'accept-encoding': 'gzip' } })) });
  };

  return { restUrl, latency };
}
