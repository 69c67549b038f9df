/**
 * Admin upload limits (spec §5, §9), browser-safe so the upload panel checks a file before
 * sending it. media/upload.ts keeps the server's own copy (media/ may not import src/shared);
 * src/shared/upload-limits.test.ts keeps the two equal.
 */
export const MAX_AUDIO_UPLOAD_BYTES = 100 * 1024 * 1024;

/** The audio kinds an admin may upload, by extension (the server checks the content too). */
export const ADMIN_AUDIO_EXTENSIONS = ['mp3', 'wav', 'm4a', 'flac', 'aac', 'ogg', 'opus'] as const;
