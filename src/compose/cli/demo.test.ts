import { afterAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { listLiveAlbums } from '../../../db/queries/albums.ts';
import { songs } from '../../../db/schema/index.ts';
import { readAudioTags } from '../../../media/metadata.ts';
import { fileReader, sniffAudio } from '../../../media/sniff.ts';
import { localStorage } from '../../../media/storage.ts';
import { openDataDir } from '../../data-dir.ts';
import { runCli } from '../../testing/process.ts';
import { makeTempDir } from '../../testing/server.ts';

const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('cli demo seeds a dozen playable published tracks in three albums with covers and tags, once', async () => {
  expect(await runCli(['demo'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).toEqual({ code: 0, output: 'Added 12 demo songs in 3 albums.\n' });
  expect((await runCli(['demo'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).output).toContain('already there (12 songs)');
  const { handle, paths } = openDataDir(dataDir);
  const rows = handle.db.select().from(songs).all();
  const albumRows = listLiveAlbums(handle.db); // artwork as shown: the first published song's
  handle.close();
  expect(rows).toHaveLength(12);
  expect(albumRows.map((album) => album.name).sort()).toEqual(['Evening Embers', 'Morning Light', 'Rainy Day Tunes']);
  expect(albumRows.every((album) => album.artworkUrl?.startsWith('/objects/images/'))).toBe(true);
  expect(rows.every((song) => song.status === 'published' && song.tags.includes('demo') && song.albumOrder !== null)).toBe(true);
  const storage = localStorage(paths.mediaDir);
  const path = storage.audio.location(rows[0]!.audioHash);
  expect(await sniffAudio(fileReader(path))).toBe('wav');
  expect((await readAudioTags(path)).duration).toBeCloseTo(rows[0]!.duration, 1);
});
