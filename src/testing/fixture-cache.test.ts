import { afterAll, expect, test } from 'bun:test';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_CACHE, cachedFixture } from './fixture-cache.ts';
import { makeTempDir } from './server.ts';
import { taggedTone } from './tag-fixtures.ts';

const dir = makeTempDir('hearth-fixture-cache-test-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A recipe no other run shares, so the first call below makes it.
const unique = crypto.randomUUID();

test('a recipe is made once; every caller gets its own copy of the same bytes', () => {
  let made = 0;
  const make = (path: string) => {
    made += 1;
    writeFileSync(path, `made for ${unique}`);
  };
  const first = cachedFixture(['test', unique], join(dir, 'first.txt'), make);
  const second = cachedFixture(['test', unique], join(dir, 'second.txt'), make);
  expect(made).toBe(1);
  expect(readFileSync(second, 'utf8')).toBe(`made for ${unique}`);
  expect(readFileSync(first, 'utf8')).toBe(readFileSync(second, 'utf8'));
  writeFileSync(first, 'changed by its test');
  expect(readFileSync(cachedFixture(['test', unique], join(dir, 'third.txt'), make), 'utf8')).toBe(`made for ${unique}`);
  cachedFixture(['test', unique, 'another'], join(dir, 'fourth.txt'), make);
  expect(made).toBe(2);
});

test('a recipe that fails leaves nothing behind, and is tried again next time', () => {
  const failing = () => {
    throw new Error('ffmpeg failed');
  };
  const before = readdirSync(FIXTURE_CACHE).length;
  expect(() => cachedFixture(['failing', unique], join(dir, 'failed.txt'), (path) => (writeFileSync(path, 'half'), failing()))).toThrow('ffmpeg failed');
  expect(readdirSync(FIXTURE_CACHE).length).toBe(before);
  expect(existsSync(join(dir, 'failed.txt'))).toBe(false);
  expect(readFileSync(cachedFixture(['failing', unique], join(dir, 'failed.txt'), (path) => writeFileSync(path, 'whole')), 'utf8')).toBe('whole');
});

test('the same tone with the same tags is the same file, another frequency another', () => {
  const a = readFileSync(taggedTone(join(dir, 'a.mp3'), { title: 'Cached' }, 523));
  const b = readFileSync(taggedTone(join(dir, 'b.mp3'), { title: 'Cached' }, 523));
  const c = readFileSync(taggedTone(join(dir, 'c.mp3'), { title: 'Cached' }, 659));
  expect(a.length).toBeGreaterThan(1000);
  expect(b.equals(a)).toBe(true);
  expect(c.equals(a)).toBe(false);
});
