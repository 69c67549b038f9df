import type { Page } from 'playwright-core';

// What a listener hears in a browser test: the element that plays and its level after the player's gain.

/** Records the element that plays and the gain node an element is routed through, for the tap. */
export const TAP_PLAYING_AUDIO = () => {
  const w = window as unknown as { playingEl?: HTMLMediaElement };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    w.playingEl = this;
    return play.call(this);
  };
  const source = AudioContext.prototype.createMediaElementSource;
  AudioContext.prototype.createMediaElementSource = function (this: AudioContext, el: HTMLMediaElement) {
    const node = source.call(this, el);
    const connect = node.connect.bind(node) as (n: AudioNode) => AudioNode;
    (node as unknown as { connect: unknown }).connect = (n: AudioNode) => ((el as unknown as { gainNode: AudioNode }).gainNode = n, connect(n));
    return node;
  };
};

/**
 * The level the listener hears, in dBFS RMS and sample peak: the element's own signal tapped
 * through captureStream (before its volume) times its volume, or a boosted element's gain node output.
 */
export async function heardLevel(page: Page): Promise<{ rms: number; peak: number }> {
  return page.evaluate(async () => {
    const w = window as unknown as { playingEl?: HTMLMediaElement & { captureStream(): MediaStream; gainNode?: GainNode } };
    while (!w.playingEl) await new Promise((r) => setTimeout(r, 50));
    const el = w.playingEl;
    while (el.paused || el.currentTime < 1 || el.volume === 0) await new Promise((r) => setTimeout(r, 50));
    // Wait out the fade-in, then read the settled volume.
    await new Promise((r) => setTimeout(r, 700));
    // A boosted element plays through its gain node (at volume 1): tap the node's output, which
    // holds the boost. Otherwise the element's own stream, scaled by its volume below.
    const boosted = el.gainNode !== undefined && el.gainNode.gain.value > 1;
    const context = boosted ? (el.gainNode!.context as AudioContext) : new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 32768;
    if (boosted) el.gainNode!.connect(analyser);
    else context.createMediaStreamSource(el.captureStream()).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    // Each window's mean square; the level is their median, so a window a starved machine filled
    // with a dropout's silence does not pull the level down (the peak still takes every sample).
    const windows: number[] = [];
    let peak = 0;
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 400));
      analyser.getFloatTimeDomainData(data);
      let sum = 0;
      for (const x of data) {
        sum += x * x;
        peak = Math.max(peak, Math.abs(x));
      }
      windows.push(sum / data.length);
    }
    windows.sort((a, b) => a - b);
    const meanSquare = (windows[2]! + windows[3]!) / 2;
    const scale = boosted ? el.volume : el.volume * (el.gainNode?.gain.value ?? 1);
    if (boosted) el.gainNode!.disconnect(analyser);
    else await context.close();
    const db = (x: number) => 20 * Math.log10(x);
    return { rms: db(Math.sqrt(meanSquare)) + db(scale), peak: db(peak) + db(scale) };
  });
}
