/**
 * The largest audio file an upload may carry, browser-safe so the upload panel checks a file
 * before sending it; media/upload.ts enforces the same constant on the server. Which kinds of
 * file are accepted is src/shared/audio-formats.ts.
 */
export const MAX_AUDIO_UPLOAD_BYTES = 100 * 1024 * 1024;
