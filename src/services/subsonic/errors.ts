/**
 * Subsonic's own error codes (API 1.16.1, plus OpenSubsonic's 42–44): the envelope carries them
 * with HTTP 200, since the phone apps read the envelope, not the status.
 */
export const SUBSONIC_ERROR = {
  generic: 0,
  missingParameter: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  authNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorised: 50,
  notFound: 70,
} as const;

export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** HTTP status when it is not 200 (a throttled sign-in is 429). */
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SubsonicError';
  }
}

export const missing = (name: string) => new SubsonicError(SUBSONIC_ERROR.missingParameter, `Required parameter is missing: ${name}`);
export const notFound = (what: string) => new SubsonicError(SUBSONIC_ERROR.notFound, `${what} not found`);
export const notAuthorised = (message: string) => new SubsonicError(SUBSONIC_ERROR.notAuthorised, message);

/** The web services' typed errors in Subsonic's terms: 404 → 70, 403 → 50, anything else 0. */
export function fromHttpStatus(status: number, message: string): SubsonicError {
  if (status === 404) return new SubsonicError(SUBSONIC_ERROR.notFound, message);
  if (status === 403) return new SubsonicError(SUBSONIC_ERROR.notAuthorised, message);
  return new SubsonicError(SUBSONIC_ERROR.generic, message);
}
