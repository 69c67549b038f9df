/**
 * Loudness arithmetic both sides run: the server's gains from a measurement, the player's
 * level from a song's gains. Gains are dB to REFERENCE_LUFS; peaks linear (1 = full scale).
 */
export const REFERENCE_LUFS = -18;

/** The loudest a played sample may come out: -1 dBFS true peak. */
export const PEAK_CEILING_DB = -1;

/** A ReplayGain tag outside this range is taken for junk and ignored. */
export const MAX_TAG_GAIN_DB = 51;

export const gainFromLoudness = (lufs: number) => Math.round((REFERENCE_LUFS - lufs) * 100) / 100;

export const peakFromDb = (db: number) => (db === -Infinity ? 0 : Math.round(10 ** (db / 20) * 1e6) / 1e6);

/**
 * An album's integrated loudness from its songs': the duration-weighted mean of their energies,
 * which is what measuring the songs played back to back gives (gating aside).
 */
export function albumLoudness(songs: { loudness: number; duration: number }[]): number | null {
  let energy = 0;
  let seconds = 0;
  for (const { loudness, duration } of songs) {
    const weight = duration > 0 ? duration : 1;
    energy += weight * 10 ** (loudness / 10);
    seconds += weight;
  }
  return seconds > 0 && energy > 0 ? 10 * Math.log10(energy / seconds) : null;
}

/** A song's loudness as the player receives it (src/shared/schemas/song.ts). */
export interface SongLoudness {
  trackGain?: number | null;
  albumGain?: number | null;
  trackPeak?: number | null;
  albumPeak?: number | null;
}

/**
 * How loud to play a song: `cut` (≤ 1) multiplies HTMLMediaElement.volume, `boost` (≥ 1) is a
 * gain node's, only when above 1. Album gain in album context under auto, track gain otherwise;
 * the gain is capped so the peak stays at -1 dBFS, and without a known peak nothing is boosted.
 * Off, or no gain known: the song plays untouched.
 */
export function playbackLevel(song: SongLoudness, mode: 'off' | 'track' | 'auto', albumContext: boolean): { gainDb: number; cut: number; boost: number } {
  const album = mode === 'auto' && albumContext;
  const gain = mode === 'off' ? null : album ? (song.albumGain ?? song.trackGain) : song.trackGain;
  const peak = album ? (song.albumPeak ?? song.trackPeak) : song.trackPeak;
  if (gain === null || gain === undefined) return { gainDb: 0, cut: 1, boost: 1 };
  let gainDb = gain;
  if (peak && peak > 0) gainDb = Math.min(gainDb, PEAK_CEILING_DB - 20 * Math.log10(peak));
  else gainDb = Math.min(gainDb, 0);
  const linear = 10 ** (gainDb / 20);
  return { gainDb, cut: Math.min(1, linear), boost: Math.max(1, linear) };
}
