import type { Db } from '../../../db/client.ts';
import { findLiveTempShareAudio, findSongAudio } from '../../../db/queries/audio-access.ts';
import { AUDIO_FORMATS, type AudioFormat } from '../../shared/audio-formats.ts';
import { SHARE_ID_PATTERN } from '../shares/index.ts';

export interface AudioFile {
  shareId: string;
  hash: string;
  format: AudioFormat;
}

export interface AudioTarget {
  hash: string;
  format: AudioFormat;
  /** Set for --in-place imports, else the file is in content-addressed storage. */
  audioPath: string | null;
}

const FILE_PATTERN = new RegExp(`^([0-9a-f]{64})\\.(${AUDIO_FORMATS.join('|')})$`);

/** Validates the URL's parts before anything touches the database or the disk. */
export function parseAudioFile(shareId: string, file: string): AudioFile | null {
  const match = FILE_PATTERN.exec(file);
  if (!SHARE_ID_PATTERN.test(shareId) || !match) return null;
  return { shareId, hash: match[1]!, format: match[2] as AudioFormat };
}

/**
 * A song's audio: anyone (signed in or holding the link) while the song is published and
 * not trashed; otherwise admins only. The hash must be the song's current one.
 */
export async function songAudioTarget(db: Db, file: AudioFile, isAdmin: () => Promise<boolean>): Promise<AudioTarget | null> {
  const song = findSongAudio(db, file.shareId);
  if (!song || song.audioHash !== file.hash || song.audioFormat !== file.format) return null;
  const live = song.status === 'published' && song.deletedAt === null;
  if (!live && !(await isAdmin())) return null;
  return { hash: song.audioHash, format: file.format, audioPath: song.audioPath };
}

/** A temporary share's audio while it has not expired. */
export function tempShareAudioTarget(db: Db, file: AudioFile, now: number): AudioTarget | null {
  const share = findLiveTempShareAudio(db, file.shareId, now);
  if (!share || share.audioHash !== file.hash || share.audioFormat !== file.format) return null;
  return { hash: share.audioHash, format: file.format, audioPath: null };
}
