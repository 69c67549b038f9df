// The preview decoder's worker (a Bun Worker): decoding and resizing run here, never on the
// server's event loop. One job at a time (preview-decoder.ts queues them).
import { Jimp } from 'jimp';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export interface PreviewJob {
  id: number;
  source: string;
  target: string;
  size: number;
}

export type PreviewReply = { id: number; ok: true } | { id: number; ok: false; error: string; code?: string };

declare const self: Worker;

self.onmessage = async (event: MessageEvent<PreviewJob>) => {
  const { id, source, target, size } = event.data;
  try {
    const image = await Jimp.read(readFileSync(source));
    image.cover({ w: size, h: size });
    writeFileSync(target, await image.getBuffer('image/jpeg', { quality: 85 }), { mode: 0o600, flag: 'wx' });
    self.postMessage({ id, ok: true } satisfies PreviewReply);
  } catch (error) {
    rmSync(target, { force: true });
    const code = (error as { code?: unknown }).code;
    self.postMessage({ id, ok: false, error: String(error), code: typeof code === 'string' ? code : undefined } satisfies PreviewReply);
  }
};
