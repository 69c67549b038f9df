import { expect, test } from 'bun:test';
import { albumLoudness, gainFromLoudness, peakFromDb, playbackLevel } from './loudness.ts';

const db = (linear: number) => 20 * Math.log10(linear);

test('gains are to -18 LUFS, peaks linear; an album is the energy mean of its songs', () => {
  expect(gainFromLoudness(-23)).toBe(5);
  expect(gainFromLoudness(-6)).toBe(-12);
  expect(peakFromDb(-6)).toBeCloseTo(0.501187, 5);
  expect(peakFromDb(-Infinity)).toBe(0);
  expect(albumLoudness([{ loudness: -20, duration: 60 }, { loudness: -20, duration: 120 }])).toBeCloseTo(-20, 6);
  // Two equally long songs 10 LU apart: the loud one dominates (-12.6 LUFS, not the -15 average).
  expect(albumLoudness([{ loudness: -10, duration: 100 }, { loudness: -20, duration: 100 }])!).toBeCloseTo(-12.596, 2);
  expect(albumLoudness([])).toBeNull();
});

test('a cut goes through the element volume, a boost through the gain node, capped at -1 dBFS peak', () => {
  // -6 LUFS, peak 0 dBFS: cut by 12 dB.
  const loud = playbackLevel({ trackGain: -12, trackPeak: 1 }, 'track', false);
  expect(db(loud.cut)).toBeCloseTo(-12, 6);
  expect(loud.boost).toBe(1);
  // -30 LUFS with a -20 dBFS peak: +12 dB wanted, 19 dB of headroom to -1 dBFS: all of it.
  const quiet = playbackLevel({ trackGain: 12, trackPeak: peakFromDb(-20) }, 'track', false);
  expect(quiet.cut).toBe(1);
  expect(db(quiet.boost)).toBeCloseTo(12, 4);
  // -30 LUFS with a -6 dBFS peak: the boost stops at +5 dB, where the peak reaches -1 dBFS.
  const capped = playbackLevel({ trackGain: 12, trackPeak: peakFromDb(-6) }, 'track', false);
  expect(db(capped.boost)).toBeCloseTo(5, 4);
  // No peak known (a tag without one): never boosted.
  expect(playbackLevel({ trackGain: 6, trackPeak: null }, 'track', false)).toEqual({ gainDb: 0, cut: 1, boost: 1 });
  expect(playbackLevel({}, 'auto', true)).toEqual({ gainDb: 0, cut: 1, boost: 1 });
  // A small cut on a song peaking at full scale still comes down to -1 dBFS.
  expect(playbackLevel({ trackGain: -0.5, trackPeak: 1 }, 'track', false).gainDb).toBeCloseTo(-1, 6);
});

test('auto takes the album gain in album context only; track always the track gain; off nothing', () => {
  const song = { trackGain: -3, albumGain: -6, trackPeak: 0.5, albumPeak: 0.9 };
  expect(playbackLevel(song, 'auto', true).gainDb).toBe(-6);
  expect(playbackLevel(song, 'auto', false).gainDb).toBe(-3);
  expect(playbackLevel(song, 'track', true).gainDb).toBe(-3);
  expect(playbackLevel(song, 'off', true)).toEqual({ gainDb: 0, cut: 1, boost: 1 });
  expect(playbackLevel({ trackPeak: 1 }, 'track', false)).toEqual({ gainDb: 0, cut: 1, boost: 1 });
  // No album gain: the track's.
  expect(playbackLevel({ trackGain: -2, trackPeak: 0.5 }, 'auto', true).gainDb).toBe(-2);
});
