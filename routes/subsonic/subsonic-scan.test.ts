import { afterAll, beforeAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SubsonicAPI } from 'subsonic-api';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { runCli } from '../../src/testing/process.ts';
import { type TestServer, makeTempDir, startTestServer } from '../../src/testing/server.ts';
import { taggedTone } from '../../src/testing/tag-fixtures.ts';

// startScan imports the folders `cli import` imported again, in the background.
let server: TestServer;
let admin: SubsonicAPI;
let member: SubsonicAPI;
const folder = makeTempDir('hearth-scan-library-');

const appPassword = async (cookie: string) =>
  ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie })).json()) as NewAppPasswordDto).password;

beforeAll(async () => {
  server = await startTestServer();
  admin = new SubsonicAPI({ url: server.url, auth: { username: 'mum', password: await appPassword(await server.signUp('mum', { isAdmin: true })) } });
  member = new SubsonicAPI({ url: server.url, auth: { username: 'kid', password: await appPassword(await server.signUp('kid')) } });
});
afterAll(() => {
  server.stop();
  rmSync(folder, { recursive: true, force: true });
});

const allTitles = async () => (((await admin.search3({ query: '', songCount: 500 })) as any).searchResult3.song ?? []).map((song: any) => song.title).sort();

/** Polls getScanStatus until the scan is over; answers the last status. */
async function scanDone(): Promise<{ scanning: boolean; count: number }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = ((await admin.getScanStatus()) as any).scanStatus;
    if (!status.scanning) return status;
    if (Date.now() > deadline) throw new Error('the scan did not finish');
    await Bun.sleep(20);
  }
}

test('a file added to an imported folder comes in with startScan; nothing is duplicated', async () => {
  taggedTone(join(folder, 'one.mp3'), { title: 'First Song', genre: 'Folk' }, 300);
  taggedTone(join(folder, 'two.flac'), { title: 'Second Song' }, 350);
  const imported = await runCli(['import', folder, '--publish'], { DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
  expect(imported.output).toContain('Imported 2, skipped 0, failed 0.');
  expect(await allTitles()).toEqual(['First Song', 'Second Song']);

  taggedTone(join(folder, 'three.ogg'), { title: 'Third Song', genre: 'Jazz', date: '2020' }, 400);
  const started = ((await admin.startScan()) as any).scanStatus;
  expect(started.scanning).toBe(true);
  const done = await scanDone();
  expect(done.count).toBe(3);
  expect(await allTitles()).toEqual(['First Song', 'Second Song', 'Third Song']);
  // Published as the import was, with its tags read.
  const third = ((await admin.search3({ query: 'Third', songCount: 5 })) as any).searchResult3.song[0];
  expect(third).toMatchObject({ genre: 'Jazz', year: 2020 });

  // Again with nothing new: still three.
  await admin.startScan();
  await scanDone();
  expect(await allTitles()).toEqual(['First Song', 'Second Song', 'Third Song']);
});

test('only an admin may start a scan', async () => {
  expect(((await member.startScan()) as any).error).toMatchObject({ code: 50, message: 'Only an admin can start a scan' });
  expect(((await member.getScanStatus()) as any).scanStatus.scanning).toBe(false);
});
