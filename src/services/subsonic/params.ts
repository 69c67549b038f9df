import { SUBSONIC_ERROR, SubsonicError, missing } from './errors.ts';

/**
 * A Subsonic request's parameters: the query string and, for POST, the form body, merged.
 * Names may repeat (`id=1&id=2`), so this wraps URLSearchParams instead of a schema.
 */
export class Params {
  constructor(readonly raw: URLSearchParams) {}

  get(name: string): string | undefined {
    return this.raw.get(name) ?? undefined;
  }

  all(name: string): string[] {
    return this.raw.getAll(name);
  }

  required(name: string): string {
    const value = this.raw.get(name);
    if (value === null || value === '') throw missing(name);
    return value;
  }

  /** A whole number within bounds, the default when absent; 0 "invalid" when it is not one. */
  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.raw.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^-?\d{1,15}$/.test(raw)) throw new SubsonicError(SUBSONIC_ERROR.generic, `Invalid ${name}: ${raw.slice(0, 40)} is not a whole number`);
    return Math.min(max, Math.max(min, Number(raw)));
  }

  bool(name: string): boolean | undefined {
    const raw = this.raw.get(name);
    return raw === null ? undefined : raw === 'true' || raw === '1';
  }
}

const NUMERIC = /^[1-9][0-9]{0,15}$/;

/** The row id in an API id with an optional prefix ("al-12", or "12"): null when it names nothing. */
export function numericId(raw: string | undefined, prefix: string, prefixOptional = false): number | null {
  if (!raw) return null;
  const bare = raw.startsWith(prefix) ? raw.slice(prefix.length) : prefixOptional ? raw : null;
  if (bare === null || !NUMERIC.test(bare)) return null;
  const id = Number(bare);
  return Number.isSafeInteger(id) ? id : null;
}
