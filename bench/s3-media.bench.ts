import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { audioKey, s3Client } from '../media/s3-storage.ts';
import { localStorage } from '../media/storage.ts';
import { parseConfig } from '../src/config.ts';
import { randomId } from '../src/shared/ids.ts';
import { insertSong } from '../src/testing/factories.ts';
import { measureRequests, printFigure, startBenchServer } from './lib/harness.ts';

// Audio 1 MiB ranges from a bucket (s3rver on loopback, in its own process) beside the disk:
// proxied through Hearth, and by presigned redirect (the client follows it to the bucket).
const MiB = 1024 * 1024;
const SIZE = 16;

/** s3rver in a child process, so its work is not counted against the load generator's. */
async function bucketProcess(): Promise<{ env: Record<string, string>; stop(): void }> {
  const script = `const { startTestBucket } = await import('./src/testing/s3-server.ts'); const b = await startTestBucket('bench'); console.log(JSON.stringify(b.env)); process.on('SIGTERM', async () => { await b.stop(); process.exit(0); });`;
  const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'inherit' });
  const reader = child.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('bucket process exited');
    text += new TextDecoder().decode(value);
  }
  return { env: JSON.parse(text.trim()), stop: () => child.kill('SIGTERM') };
}

const bytes = new Uint8Array(SIZE * MiB).map((_, i) => (i * 31) & 0xff);
const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
const shareId = randomId();
const bucket = await bucketProcess();
await s3Client(parseConfig(bucket.env).s3!).write(audioKey(hash), bytes);
const seedRow = (db: Parameters<typeof insertSong>[0]) => {
  insertSong(db, { audioHash: hash, audioFormat: 'mp3', shareId, status: 'published' });
};

const disk = await startBenchServer({
  seed: (db, dataDir) => {
    const path = localStorage(join(dataDir, 'media')).audio.location(hash);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, bytes);
    seedRow(db);
  },
});
const proxied = await startBenchServer({ seed: seedRow, env: bucket.env });
const presigned = await startBenchServer({ seed: seedRow, env: { ...bucket.env, S3_PUBLIC_URLS: 'true' } });

const load = (base: string) =>
  measureRequests({
    requests: 240,
    concurrency: 8,
    run: async (i) => {
      const start = ((i * 7919) % (SIZE - 1)) * MiB;
      const response = await fetch(`${base}/media/songs/${shareId}/${hash}.mp3`, { headers: { range: `bytes=${start}-${start + MiB - 1}` } });
      if (response.status !== 206 || (await response.arrayBuffer()).byteLength !== MiB) throw new Error(`bad range ${response.status}`);
    },
  });

try {
  for (const server of [disk, proxied, presigned]) await load(server.url); // warm up
  // Rounds alternate so other work on the machine hits every side alike; medians of 3.
  const rounds: { disk: number; proxied: number; presigned: number }[] = [];
  for (let round = 0; round < 3; round++) {
    rounds.push({ disk: (await load(disk.url)).rps, proxied: (await load(proxied.url)).rps, presigned: (await load(presigned.url)).rps });
  }
  const median = (pick: (r: (typeof rounds)[number]) => number) => rounds.map(pick).sort((a, b) => a - b)[1]!;
  const base = { name: 'disk', value: median((r) => r.disk) };
  printFigure('audio 1 MiB ranges from disk, 8 clients (median of 3)', base.value, 'req/s');
  printFigure('audio 1 MiB ranges from a bucket, proxied by Hearth', median((r) => r.proxied), 'req/s', base);
  printFigure('audio 1 MiB ranges from a bucket, presigned redirect', median((r) => r.presigned), 'req/s', base);
  console.log('(the bucket is s3rver, a JavaScript test server: a real S3 server or MinIO answers faster)');
} finally {
  await Promise.all([disk.stop(), proxied.stop(), presigned.stop()]);
  bucket.stop();
}
