import { Jimp } from 'jimp';
import { encodeWav } from '../../../media/wav.ts';

const RATE = 22050;

/** A tiny deterministic generator, so the demo's bytes (and so its hashes) never change. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const noteHz = (semitonesFromA4: number) => 440 * 2 ** (semitonesFromA4 / 12);

/**
 * A short melody over a drone: notes picked from `scale` (semitones from the root), each with
 * a soft attack and decay and two overtones, so it sounds like a music box rather than a beep.
 */
export function synthesizeTrack(seed: number, root: number, scale: number[], seconds = 8, beat = 0.4): Uint8Array {
  const random = seeded(seed);
  const samples = new Float32Array(Math.round(seconds * RATE));
  const notes = Math.floor(seconds / beat);
  for (let n = 0; n < notes; n++) {
    const pitch = noteHz(root + scale[Math.floor(random() * scale.length)]! + (random() < 0.3 ? 12 : 0));
    const start = Math.round(n * beat * RATE);
    const length = Math.round(beat * 1.8 * RATE);
    for (let i = 0; i < length && start + i < samples.length; i++) {
      const t = i / RATE;
      const envelope = Math.min(1, t / 0.01) * Math.exp(-t * 4);
      const tone = Math.sin(2 * Math.PI * pitch * t) + 0.3 * Math.sin(4 * Math.PI * pitch * t) + 0.1 * Math.sin(6 * Math.PI * pitch * t);
      samples[start + i]! += 0.25 * envelope * tone;
    }
  }
  const drone = noteHz(root - 12);
  for (let i = 0; i < samples.length; i++) {
    const fade = Math.min(1, i / RATE, (samples.length - i) / RATE);
    samples[i] = (samples[i]! + 0.08 * Math.sin((2 * Math.PI * drone * i) / RATE)) * fade;
  }
  return encodeWav(samples, RATE);
}

/** A 512×512 cover: a diagonal gradient between two colours with a soft disc. */
export async function paintCover(from: [number, number, number], to: [number, number, number]): Promise<Uint8Array> {
  const size = 512;
  const image = new Jimp({ width: size, height: size, color: 0x000000ff });
  const data = image.bitmap.data;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const mix = (x + y) / (2 * size);
      const disc = Math.hypot(x - 330, y - 200) < 110 ? 0.35 : 0;
      const at = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) data[at + c] = Math.round((from[c]! * (1 - mix) + to[c]! * mix) * (1 - disc) + 255 * disc);
      data[at + 3] = 255;
    }
  }
  return new Uint8Array(await image.getBuffer('image/png'));
}
