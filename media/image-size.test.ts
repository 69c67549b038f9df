import { describe, expect, test } from 'bun:test';
import { MAX_IMAGE_PIXELS, bytesReader, readImageSize, withinPixelBudget } from './image-size.ts';
import { type ImageFormat, sniffImage } from './sniff.ts';
import { fixtureBytes, pngBomb } from '../src/testing/media-fixtures.ts';

const sizeOf = async (bytes: Uint8Array) => readImageSize(bytesReader(bytes), sniffImage(bytes) as ImageFormat);

describe('readImageSize reads the header only', () => {
  test.each([
    ['cover.png', 64, 64],
    ['cover.jpg', 64, 48],
    ['cover.gif', 64, 48],
    ['cover.webp', 64, 48],
    ['large.png', 3000, 3000],
  ])('%s is %d×%d', async (name, width, height) => {
    expect(await sizeOf(await fixtureBytes(name))).toEqual({ width, height });
  });

  test('a bomb declares its size in a few KB, and is over the budget', async () => {
    const bomb = pngBomb(30000, 30000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const size = (await sizeOf(bomb))!;
    expect(size).toEqual({ width: 30000, height: 30000 });
    expect(withinPixelBudget(size)).toBe(false);
    expect(withinPixelBudget({ width: 4000, height: 4000 })).toBe(true);
    expect(withinPixelBudget({ width: 4000, height: 4001 })).toBe(false);
    expect(MAX_IMAGE_PIXELS).toBe(16_000_000);
  });

  test('a JPEG, GIF or WebP that declares a huge size is read as such', async () => {
    const jpeg = await fixtureBytes('cover.jpg');
    const sof = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
    jpeg.set([30000 >> 8, 30000 & 0xff, 30000 >> 8, 30000 & 0xff], sof + 5);
    expect(await sizeOf(jpeg)).toEqual({ width: 30000, height: 30000 });
    const gif = await fixtureBytes('cover.gif');
    gif.set([0xff, 0xff, 0xff, 0xff], 6);
    expect(await sizeOf(gif)).toEqual({ width: 65535, height: 65535 });
    const webp = await fixtureBytes('cover.webp');
    webp.set([0xff, 0x3f, 0xff, 0x3f], 26);
    expect(await sizeOf(webp)).toEqual({ width: 16383, height: 16383 });
  });

  test('a header that names no size is unreadable (null), never a guess', async () => {
    const png = await fixtureBytes('cover.png');
    expect(await sizeOf(png.subarray(0, 20))).toBeNull();
    expect(await sizeOf((await fixtureBytes('cover.jpg')).subarray(0, 40))).toBeNull();
    const zero = pngBomb(0, 10);
    expect(await sizeOf(zero)).toBeNull();
  });
});
