import { join } from 'node:path';

/**
 * Where content-addressed files live under DATA_DIR/media, and the URLs that reach them.
 * Audio URLs carry the owner's shareId (the capability a guest holds) and the content hash
 * (so replaced audio gets a new URL and old ones can be cached forever).
 */
export const HASH_PATTERN = /^[0-9a-f]{64}$/;

export function audioFilePath(mediaDir: string, hash: string): string {
  if (!HASH_PATTERN.test(hash)) throw new Error(`not a content hash: ${hash}`);
  return join(mediaDir, 'audio', hash.slice(0, 2), hash);
}

export function songAudioUrl(song: { shareId: string; audioHash: string; audioFormat: string }): string {
  return `/media/songs/${song.shareId}/${song.audioHash}.${song.audioFormat}`;
}

export function tempShareAudioUrl(share: { shareId: string; audioHash: string; audioFormat: string }): string {
  return `/media/shares/${share.shareId}/${share.audioHash}.${share.audioFormat}`;
}
