import type { AlbumDto } from '../../src/shared/types.ts';
import { ApiError } from '../lib/api/request.ts';

/** Case-insensitive (accents still count), so "apple" and "Banana" sort as a person expects. */
const collator = new Intl.Collator(undefined, { sensitivity: 'accent', numeric: true });

/** Albums by name, case-insensitively; equal names keep the older album first. */
export function sortAlbums<T extends Pick<AlbumDto, 'id' | 'name'>>(albums: readonly T[]): T[] {
  return [...albums].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** "1 song", "12 songs". */
export const songCount = (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`;

/** An album's total length for its header: "45 sec", "43 min", "1 hr 5 min". */
export function totalDuration(seconds: number): string {
  const whole = Math.round(Number.isFinite(seconds) && seconds > 0 ? seconds : 0);
  if (whole < 60) return `${whole} sec`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} hr ${rest} min` : `${minutes / 60} hr`;
}

/**
 * The server's message when it answered with one, else the product's fallback text
 * (a request that never reached the server has no message of the server's).
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
