import pkg from '../../../package.json' with { type: 'json' };

/** Subsonic API version spoken, and Hearth's own (the envelope's `serverVersion`). */
export const API_VERSION = '1.16.1';
export const SERVER_VERSION: string = pkg.version;
