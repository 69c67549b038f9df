import { NotFoundError } from '../../errors.ts';

// Path params arrive URL-decoded and untrusted ("abc", "1e3", "../x"): only plain positive integers name a row.
const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** The numeric id in a path param, or a 404 with `message` (never a 400 or 500). */
export function parseId(raw: string, message: string): number {
  if (!ID_PATTERN.test(raw)) throw new NotFoundError(message);
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new NotFoundError(message);
  return id;
}
