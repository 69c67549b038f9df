import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Records every media element the engine sets a source on (they are not in the document), cued ones too. */
export function installMediaSpy(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __media: HTMLMediaElement[] };
    w.__media = [];
    const src = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')!;
    Object.defineProperty(HTMLMediaElement.prototype, 'src', {
      ...src,
      set(this: HTMLMediaElement, value: string) {
        if (!w.__media.includes(this)) w.__media.push(this);
        src.set!.call(this, value);
      },
    });
  });
}

/** The element playing, else the last one given a source, once it knows its length. */
export const media = (page: Page) =>
  page.evaluate(() => {
    const all = (window as unknown as { __media: HTMLMediaElement[] }).__media;
    const a = all.find((x) => !x.paused) ?? all.filter((x) => x.src).at(-1);
    return a && a.readyState >= 1 ? { time: a.currentTime, paused: a.paused, duration: a.duration, src: new URL(a.src).pathname } : null;
  });

export const mediaReady = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __media: HTMLMediaElement[] }).__media.some((x) => x.src && x.readyState >= 1));

export const playingPast = (page: Page, t: number) =>
  page.waitForFunction((t) => (window as unknown as { __media: HTMLMediaElement[] }).__media.some((a) => !a.paused && a.currentTime > t), t);

/** Polls until `check` holds (the player saves without blocking the page). */
export async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An 11-minute sine as 6 kbit/s Opus (about 440 kB): a "long song" for Continue listening. */
export function longStoryOpus(dir: string, frequency = 220): Uint8Array<ArrayBuffer> {
  const out = join(dir, `long-${frequency}.opus`);
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=660:sample_rate=8000`, '-ac', '1', '-c:a', 'libopus', '-b:a', '6k', out]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make ${out}: ${run.stderr}`);
  return new Uint8Array(readFileSync(out));
}
