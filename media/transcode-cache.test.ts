import { afterEach, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranscodeCache, transcodeKey } from './transcode-cache.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-tc-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const key = (n: number) => transcodeKey(n.toString(16).padStart(64, '0'), 'mp3', 128);
function put(cache: TranscodeCache, k: string, bytes: number, ok = true) {
  const writer = cache.writer(k)!;
  writer.write(new Uint8Array(bytes));
  writer.finish(ok);
}

test('keeps finished encodings only, and drops the least recently used past the cap', () => {
  const cache = new TranscodeCache(tempDir(), 250);
  put(cache, key(1), 100);
  put(cache, key(2), 100);
  put(cache, key(3), 100, false); // failed: never kept
  expect(cache.lookup(key(3))).toBeNull();
  expect(cache.lookup(key(1))).not.toBeNull(); // 1 is now the most recent
  put(cache, key(4), 100);
  expect(cache.lookup(key(2))).toBeNull();
  expect(cache.lookup(key(1))).not.toBeNull();
  expect(cache.lookup(key(4))).not.toBeNull();
  expect(cache.bytes).toBe(200);
  expect(readdirSync(cache.dir).sort()).toEqual([`${key(1)}.mp3`, `${key(4)}.mp3`]);
});

test('a restart keeps the order by use (file times), removes partial files, and honours a smaller cap', () => {
  const dir = tempDir();
  const first = new TranscodeCache(dir, 1000);
  put(first, key(1), 100);
  put(first, key(2), 100);
  utimesSync(join(dir, `${key(1)}.mp3`), new Date(2_000_000_000_000), new Date(2_000_000_000_000));
  writeFileSync(join(dir, `${key(5)}.123-abc.part`), 'half');
  const again = new TranscodeCache(dir, 150);
  expect(again.lookup(key(2))).toBeNull();
  expect(again.lookup(key(1))).not.toBeNull();
  expect(readdirSync(dir).some((name) => name.endsWith('.part'))).toBe(false);
});

test('a cap of 0 keeps nothing and writes nothing', () => {
  const cache = new TranscodeCache(tempDir(), 0);
  expect(cache.writer(key(1))).toBeUndefined();
  expect(readdirSync(cache.dir)).toEqual([]);
  expect(existsSync(cache.dir)).toBe(true);
});

test('a folder removed while an encoding is written: finish neither throws (the stream and its slot depend on it) nor keeps anything', () => {
  const dir = join(tempDir(), 'transcodes');
  const cache = new TranscodeCache(dir, 1000);
  const writer = cache.writer(key(7))!;
  writer.write(new Uint8Array(10));
  rmSync(dir, { recursive: true, force: true });
  expect(() => writer.finish(true)).not.toThrow();
  expect(cache.lookup(key(7))).toBeNull();
  expect(cache.bytes).toBe(0);
});

test('a levelled encoding has its own key, which a restart keeps', () => {
  const hash = 'a'.repeat(64);
  expect(transcodeKey(hash, 'mp3', 192, 0)).toBe(`${hash}-mp3-192`);
  expect(transcodeKey(hash, 'mp3', 192, 12)).toBe(`${hash}-mp3-192-g12.00`);
  expect(transcodeKey(hash, 'opus', 128, -3.456)).toBe(`${hash}-opus-128-g-3.46`);
  const dir = tempDir();
  const cache = new TranscodeCache(dir, 1000);
  put(cache, transcodeKey(hash, 'mp3', 192, 12), 10);
  put(cache, transcodeKey(hash, 'opus', 128, -3.456), 10);
  const reopened = new TranscodeCache(dir, 1000);
  expect(reopened.lookup(transcodeKey(hash, 'mp3', 192, 12))).not.toBeNull();
  expect(reopened.lookup(transcodeKey(hash, 'opus', 128, -3.456))).not.toBeNull();
  expect(reopened.lookup(transcodeKey(hash, 'mp3', 192))).toBeNull();
});
