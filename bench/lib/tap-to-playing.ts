import type { Page } from 'playwright-core';

/**
 * Taps the library row whose title starts with `title` and returns the milliseconds to its
 * audio's `playing` event (the page's init script records `__playingAt`), then pauses: a change
 * while playing would first fade the old song out (250 ms) and count that too.
 */
export async function tapToPlaying(page: Page, title: string): Promise<number> {
  await page.evaluate((t) => {
    const w = window as unknown as { __clickAt: number };
    const row = [...document.querySelectorAll<HTMLButtonElement>('[aria-label="Songs"] button')].find((b) => b.textContent?.startsWith(t))!;
    w.__clickAt = performance.now();
    row.click();
  }, title);
  await page.waitForFunction(() => {
    const w = window as unknown as { __clickAt: number; __playingAt: number };
    return w.__playingAt > w.__clickAt;
  }, undefined, { timeout: 30_000 });
  const ms = await page.evaluate(() => {
    const w = window as unknown as { __clickAt: number; __playingAt: number };
    return w.__playingAt - w.__clickAt;
  });
  const bar = page.getByRole('region', { name: 'Player' });
  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await bar.getByRole('button', { name: 'Play', exact: true }).waitFor();
  return ms;
}
