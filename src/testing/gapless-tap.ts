import type { Page } from 'playwright-core';
import { SPLIT_AT } from './gapless-fixtures.ts';

// Records channel 0 of everything the page plays, from the first audible sample on.
const WORKLET = `
class Tap extends AudioWorkletProcessor {
  constructor() { super(); this.buf = new Float32Array(sampleRate * 20); this.n = 0;
    this.port.onmessage = () => this.port.postMessage(this.buf.slice(0, this.n)); }
  process(inputs) {
    const ch = inputs[0] && inputs[0][0];
    if (ch) for (let i = 0; i < ch.length; i++) {
      if (this.n === 0 && Math.abs(ch[i]) < 0.002) continue;
      if (this.n < this.buf.length) this.buf[this.n++] = ch[i];
    }
    if (currentFrame % 4096 < 128) this.port.postMessage(this.n);
    return true;
  }
}
registerProcessor('gapless-tap', Tap);`;

/**
 * Routes every media element the page plays through one AudioWorklet (a two-element hand-over
 * is summed), so a test reads the played signal back. Call before the page loads, in a context
 * opened with `bypassCSP: true`: the worklet loads from a blob (worklet requests skip page.route).
 */
export async function installGaplessTap(page: Page, { withoutMse = false } = {}) {
  await page.addInitScript(
    ([code, noMse]) => {
      const path = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
      // The baseline: without Media Source Extensions the player hands over between two elements.
      if (noMse) delete (window as { MediaSource?: unknown }).MediaSource;
      const w = window as unknown as { __tap: { context: AudioContext; node?: AudioWorkletNode; bus: GainNode; recorded: number; sampleRate: number; usedMse: boolean; el?: HTMLMediaElement } };
      const routed = new WeakSet<HTMLMediaElement>();
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!w.__tap) {
          const context = new AudioContext();
          const bus = context.createGain();
          w.__tap = { context, bus, recorded: 0, sampleRate: context.sampleRate, usedMse: false };
          void context.audioWorklet.addModule(path).then(() => {
            const node = new AudioWorkletNode(context, 'gapless-tap');
            node.port.onmessage = (e) => typeof e.data === 'number' && (w.__tap.recorded = e.data);
            bus.connect(node).connect(context.destination);
            w.__tap.node = node;
          });
        }
        if (this.src.startsWith('blob:')) w.__tap.usedMse = true;
        w.__tap.el = this;
        if (!routed.has(this)) {
          routed.add(this);
          w.__tap.context.createMediaElementSource(this).connect(w.__tap.bus);
        }
        return play.call(this);
      };
    },
    [WORKLET, withoutMse] as const,
  );
}

/** Waits until the tap holds `seconds` of played signal. */
export function waitForTapSeconds(page: Page, seconds: number, timeout = 30_000) {
  return page.waitForFunction((s) => {
    const t = (window as unknown as { __tap?: { recorded: number; sampleRate: number } }).__tap;
    return !!t && t.recorded >= s * t.sampleRate;
  }, seconds, { timeout, polling: 100 });
}

export interface JoinMeasure {
  /** The longest run of silence (|x| < 0.002) after the fade-in, before the end of the sound. */
  silenceMs: number;
  /** Where that run ends, in seconds from the first audible sample. */
  silenceAt: number;
  /** The largest step between two samples: a clean sine steps at most 2π·440/rate × its amplitude. */
  maxStep: number;
  usedMse: boolean;
}

/**
 * Reads the tap back and measures it within `within` seconds of `joinAt` seconds after the first audible
 * sample (the split point; the fade-in's quiet start shifts it by a few ms at most).
 */
export async function measureJoin(page: Page, joinAt = SPLIT_AT / 44_100, within = 0.4): Promise<JoinMeasure> {
  const [from, to] = [joinAt - within, joinAt + within];
  const { samples, sampleRate, usedMse } = await page.evaluate(async () => {
    const t = (window as unknown as { __tap: { node: AudioWorkletNode; sampleRate: number; usedMse: boolean } }).__tap;
    const pcm = await new Promise<Float32Array>((resolve) => {
      t.node.port.onmessage = (e) => e.data instanceof Float32Array && resolve(e.data);
      t.node.port.postMessage('dump');
    });
    return { samples: Array.from(pcm), sampleRate: t.sampleRate, usedMse: t.usedMse };
  });
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]!) < 0.002) last--;
  let run = 0;
  let longest = 0;
  let longestEnd = 0;
  let maxStep = 0;
  for (let i = Math.round(from * sampleRate); i <= Math.min(last, to * sampleRate); i++) {
    run = Math.abs(samples[i]!) < 0.002 ? run + 1 : 0;
    if (run > longest) [longest, longestEnd] = [run, i];
    maxStep = Math.max(maxStep, Math.abs(samples[i]! - samples[i - 1]!));
  }
  return { silenceMs: (longest / sampleRate) * 1000, silenceAt: longestEnd / sampleRate, maxStep, usedMse };
}
