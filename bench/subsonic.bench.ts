import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localStorage } from '../media/storage.ts';
import { loadOrCreateSecret } from '../src/data-dir.ts';
import { appPasswordKey, createAppPassword } from '../src/services/accounts/app-passwords.ts';
import { randomId } from '../src/shared/ids.ts';
import { insertSong } from '../src/testing/factories.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { type LoadResult, measureRequests, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';
import { subsonicRequests } from './lib/subsonic-requests.ts';

// Subsonic API figures at 50,000 songs: getAlbumList2, search3 and getIndexes
// p50/p99 (budget p99 < 20 ms) signed in by token as a phone app is; stream 1 MiB ranges
// against /media's (budget >= 0.9x, alternating rounds); and ffmpeg's speed as a multiple of
// real time through `stream` (cache off, so every request converts).
const MiB = 1024 * 1024;
const RANGE_FILE_MB = 32;
const TONE_SECONDS = 120;

const rangeBytes = new Uint8Array(RANGE_FILE_MB * MiB).fill(0x42);
const rangeHash = createHash('sha256').update(rangeBytes).digest('hex');
const rangeShareId = randomId();

// A real two-minute stereo FLAC for the conversions (ffmpeg makes it).
const work = makeTempDir('hearth-bench-tone-');
const tonePath = join(work, 'tone.flac');
const made = Bun.spawnSync(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${TONE_SECONDS}:sample_rate=44100`, '-ac', '2', '-c:a', 'flac', tonePath]);
if (made.exitCode !== 0) throw new Error('ffmpeg could not make the tone');
const toneBytes = readFileSync(tonePath);
const toneHash = createHash('sha256').update(toneBytes).digest('hex');

let password = '';
let rangeSongId = 0;
let toneSongId = 0;
const server = await startBenchServer({
  env: { TRANSCODE_CACHE_MB: '0' },
  seed: (db, dataDir) => {
    seedCatalogue(db);
    const storage = localStorage(join(dataDir, 'media'));
    for (const [hash, bytes] of [[rangeHash, rangeBytes], [toneHash, toneBytes]] as const) {
      mkdirSync(join(storage.audio.location(hash), '..'), { recursive: true });
      writeFileSync(storage.audio.location(hash), bytes);
    }
    rangeSongId = insertSong(db, { audioHash: rangeHash, audioFormat: 'mp3', shareId: rangeShareId, fileSize: rangeBytes.length }).id;
    toneSongId = insertSong(db, { audioHash: toneHash, audioFormat: 'flac', duration: TONE_SECONDS, fileSize: toneBytes.length }).id;
    const key = appPasswordKey(loadOrCreateSecret(join(dataDir, 'secret.key')));
    password = createAppPassword(db, key, 1, 'bench', Date.now()).password;
  },
});

const { restUrl, latency } = subsonicRequests(() => ({ url: server.url, password }));

async function listFigures() {
  // The web API's search on the same term, signed in by cookie, is the baseline for search3.
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'benchadmin', password: 'bench-password' }) });
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith('hearth_session='))!.split(';')[0]!;
  const webSearch = await (async () => {
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/api/search?q=moon`, { headers: { cookie } })).arrayBuffer();
    return measureRequests({ requests: 300, concurrency: 1, run: async () => void (await (await fetch(`${server.url}/api/search?q=moon`, { headers: { cookie } })).arrayBuffer()) });
  })();
  const ping = await latency(300, () => restUrl('ping'));
  const figures: [string, () => string, { name: string; value: LoadResult } | null][] = [
    ['getAlbumList2 newest size=50', () => restUrl('getAlbumList2', { type: 'newest', size: 50 }), { name: 'ping (sign-in alone)', value: ping }],
    ['getAlbumList2 alphabeticalByName size=500', () => restUrl('getAlbumList2', { type: 'alphabeticalByName', size: 500 }), { name: 'ping (sign-in alone)', value: ping }],
    ['search3 common term "moon"', () => restUrl('search3', { query: 'moon' }), { name: 'GET /api/search same term', value: webSearch }],
    ['getIndexes (997 artists)', () => restUrl('getIndexes'), { name: 'ping (sign-in alone)', value: ping }],
  ];
  for (const [name, url, baseline] of figures) {
    const result = await latency(300, url);
    printFigure(`${name} p50`, result.p50Ms, 'ms', baseline ? { name: `${baseline.name} p50`, value: baseline.value.p50Ms } : undefined);
    printFigure(`${name} p99`, result.p99Ms, 'ms', baseline ? { name: `${baseline.name} p99`, value: baseline.value.p99Ms } : undefined, '< 20 ms');
  }
}

async function rangeFigures() {
  const load = (url: () => string) =>
    measureRequests({
      requests: 800,
      concurrency: 16,
      run: async (i) => {
        const start = ((i * 7919) % (RANGE_FILE_MB - 1)) * MiB;
        const response = await fetch(url(), { headers: { range: `bytes=${start}-${start + MiB - 1}` } });
        if (response.status !== 206 || (await response.arrayBuffer()).byteLength !== MiB) throw new Error(`bad range ${response.status}`);
      },
    });
  const media = () => `${server.url}/media/songs/${rangeShareId}/${rangeHash}.mp3`;
  // A player builds a song's stream URL once (one salt and token) and fetches its ranges from it.
  const streamUrl = restUrl('stream', { id: rangeSongId });
  const stream = () => streamUrl;
  await load(media);
  await load(stream);
  // Alternating rounds, so other work on the machine weighs on both alike; the median counts.
  const rounds: { ours: number; base: number }[] = [];
  for (let round = 0; round < 3; round++) rounds.push({ ours: (await load(stream)).rps, base: (await load(media)).rps });
  const median = (pick: (r: (typeof rounds)[number]) => number) => rounds.map(pick).sort((a, b) => a - b)[1]!;
  printFigure('stream 1 MiB ranges, 16 clients (median of 3 rounds)', median((r) => r.ours), 'req/s', { name: '/media ranges of the same file', value: median((r) => r.base) }, '>= 0.9x');
}

async function transcodeFigures() {
  for (const [format, kbps] of [['mp3', 128], ['opus', 96]] as const) {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const response = await fetch(restUrl('stream', { id: toneSongId, format, maxBitRate: kbps }));
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok || bytes < 1000) throw new Error(`transcode failed: ${response.status}`);
      times.push((performance.now() - t0) / 1000);
    }
    const seconds = times.sort((a, b) => a - b)[1]!;
    printFigure(`stream ${format} ${kbps} kbit/s of a ${TONE_SECONDS} s FLAC: speed (median of 3)`, TONE_SECONDS / seconds, '× real time', { name: 'real time', value: 1 });
  }
  // A family starting songs at once: 8 opus streams in parallel, more than the cores; past the
  // limit they wait in line, so the last first byte comes after earlier songs are encoded.
  const started = performance.now();
  const firstBytes: number[] = [];
  const done = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const response = await fetch(restUrl('stream', { id: toneSongId, format: 'opus', maxBitRate: 96 }));
      const reader = response.body!.getReader();
      let bytes = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        if (bytes === 0) firstBytes.push(performance.now() - started);
        bytes += chunk.value.byteLength;
      }
      if (!response.ok || bytes < 1000) throw new Error(`transcode failed: ${response.status}`);
      return performance.now() - started;
    }),
  );
  firstBytes.sort((a, b) => a - b);
  printFigure(`8 parallel opus 96 kbit/s streams of a ${TONE_SECONDS} s FLAC on ${navigator.hardwareConcurrency} cores: first byte, median`, firstBytes[3]!, 'ms');
  printFigure('8 parallel opus streams: first byte, last of the 8', firstBytes[7]!, 'ms');
  printFigure('8 parallel opus streams: all complete', Math.max(...done), 'ms');
}

// ONLY=lists|ranges|transcode runs one group.
const only = process.env.ONLY;
try {
  if (!only || only === 'lists') await listFigures();
  if (!only || only === 'ranges') await rangeFigures();
  if (!only || only === 'transcode') await transcodeFigures();
} finally {
  await server.stop();
}
