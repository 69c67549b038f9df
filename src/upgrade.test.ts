import { afterAll, beforeAll, expect, test } from 'bun:test';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { knownMigrationTags, schemaState } from '../db/migrate.ts';
import { type ServerProcess, startMain } from './testing/process.ts';
import { makeTempDir, sessionCookieFrom } from './testing/server.ts';

// src/testing/fixtures/data-6f98c7c is a data folder made by the code at commit 6f98c7c (three
// migrations): two users by its CLI (mum, an admin, and kid), five songs imported from
// media/testdata (tagged.mp3 made "Fixture Album" with cover art), the album "Sunday Mornings"
// holding two of them and mum's playlist "Car songs" (songs 2, 3, 1) made through its API.
const FIXTURE = join(import.meta.dir, 'testing', 'fixtures', 'data-6f98c7c');
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = makeTempDir('hearth-upgrade-');
  cpSync(FIXTURE, dataDir, { recursive: true });
  server = await startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(username: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  return sessionCookieFrom(response);
}

const getJson = async <T>(path: string, cookie: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

test('the fixture is an older data folder: it needs migrations this code has', () => {
  const copy = makeTempDir('hearth-fixture-');
  cpSync(join(FIXTURE, 'hearth.db'), join(copy, 'hearth.db'));
  const handle = openDb(join(copy, 'hearth.db'));
  try {
    // Read without migrating (openDb alone applies nothing), on a copy: the fixture stays as made.
    expect(schemaState(handle.db)).toMatchObject({ applied: 3, appliedTag: '0002_catalogue-version-and-search', pending: knownMigrationTags().length - 3 });
  } finally {
    handle.sqlite.close();
    rmSync(copy, { recursive: true, force: true });
  }
});

test('the current code migrates it forward on start', () => {
  const handle = openDb(join(dataDir, 'hearth.db'));
  try {
    expect(schemaState(handle.db)).toMatchObject({ applied: knownMigrationTags().length, pending: 0, newer: false, appliedTag: knownMigrationTags().at(-1) });
  } finally {
    handle.sqlite.close();
  }
});

test('its admin and family member sign in with their old passwords', async () => {
  const cookie = await signIn('mum', 'fixture-password-6f98c7c');
  expect(await getJson<{ username: string; isAdmin: boolean }>('/api/user', cookie)).toMatchObject({ username: 'mum', isAdmin: true });
  const kid = await signIn('kid', 'kid-password-6f98c7c');
  expect(await getJson<{ username: string; isAdmin: boolean }>('/api/user', kid)).toMatchObject({ username: 'kid', isAdmin: false });
});

test('its songs, albums and playlist are all there, and the songs play', async () => {
  const cookie = await signIn('mum', 'fixture-password-6f98c7c');
  const songs = await getJson<{ id: number; title: string; albumName: string | null; audioUrl: string; artworkUrl: string | null }[]>('/api/songs', cookie);
  expect(songs.map((song) => [song.id, song.title, song.albumName]).sort()).toEqual([
    [1, 'plain', null],
    [2, 'Hearth Tone', 'Fixture Album'],
    [3, 'Flac Tone', null],
    [4, 'M4a Tone', 'Sunday Mornings'],
    [5, 'Vorbis Tone', 'Sunday Mornings'],
  ]);
  const albums = await getJson<{ name: string }[]>('/api/albums', cookie);
  expect(albums.map((album) => album.name).sort()).toEqual(['Fixture Album', 'Sunday Mornings']);
  const [playlist] = await getJson<{ id: number; name: string }[]>('/api/playlists', cookie);
  expect(playlist!.name).toBe('Car songs');
  const entries = await getJson<{ id: number }[]>(`/api/playlists/${playlist!.id}/songs`, cookie);
  expect(entries.map((song) => song.id)).toEqual([2, 3, 1]);

  const files: Record<string, string> = { 1: 'plain.mp3', 2: 'tagged.mp3', 3: 'tone.flac', 4: 'tone.m4a', 5: 'tone.ogg' };
  for (const song of songs) {
    const audio = await fetch(`${server.url}${song.audioUrl}`, { headers: { cookie, range: 'bytes=0-' } });
    expect(audio.status).toBe(206);
    const expected = readFileSync(join('media', 'testdata', files[song.id]!));
    expect(Buffer.compare(Buffer.from(await audio.arrayBuffer()), expected)).toBe(0);
  }
  const cover = songs.find((song) => song.id === 2)!.artworkUrl!;
  expect((await fetch(`${server.url}${cover}`)).status).toBe(200);
});
