import type { Page } from 'playwright-core';

/** A mono 16-bit WAV sine of `seconds` at 8 kHz: a real song long enough to seek in. */
export function sineWav(seconds: number, frequency: number): Uint8Array<ArrayBuffer> {
  const rate = 8000;
  const n = Math.round(seconds * rate);
  const buf = new ArrayBuffer(44 + n * 2);
  const v = new DataView(buf);
  const text = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  v.setUint32(4, 36 + n * 2, true);
  text(8, 'WAVEfmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  text(36, 'data');
  v.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) v.setInt16(44 + i * 2, Math.round(3000 * Math.sin((2 * Math.PI * frequency * i) / rate)), true);
  return new Uint8Array(buf);
}

/**
 * An init script recording every media element the app plays (the engine's elements are not
 * in the document) and each play() call's source, so tests can read real playback back.
 */
export function installAudioSpy(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __audios: HTMLMediaElement[]; __played: string[] };
    w.__audios = [];
    w.__played = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!w.__audios.includes(this)) w.__audios.push(this);
      w.__played.push(new URL(this.src).pathname);
      return play.call(this);
    };
  });
}

/** The element now playing (or the last one played), read in the page. */
export const audioState = (page: Page) =>
  page.evaluate(() => {
    const all = (window as unknown as { __audios: HTMLMediaElement[] }).__audios;
    const a = all.find((x) => !x.paused) ?? all.at(-1);
    return a ? { time: a.currentTime, paused: a.paused, src: new URL(a.src).pathname } : null;
  });

export const played = (page: Page) => page.evaluate(() => (window as unknown as { __played: string[] }).__played);

/** An init script keeping the Media Session's handlers and last position state where a test can call and read them. */
export function installMediaSessionSpy(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __handlers: Record<string, MediaSessionActionHandler | null>; __position: MediaPositionState | null };
    w.__handlers = {};
    w.__position = null;
    const session = navigator.mediaSession;
    const setAction = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => {
      w.__handlers[action] = handler;
      setAction(action, handler);
    };
    const setPosition = session.setPositionState.bind(session);
    session.setPositionState = (state) => {
      w.__position = state ?? null;
      setPosition(state);
    };
  });
}

/** A song's row in the library list, by the start of its title. */
export const libraryRow = (page: Page, title: string) => page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: new RegExp(`^${title}`) });
