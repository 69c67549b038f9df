import type { Db } from '../../../db/client.ts';
import { findLiveTempShareAudio, findSongAudio, imageVisibleTo, songShareIdVisibleTo } from '../../../db/queries/audio-access.ts';
import { type Viewer, isRestricted } from '../../../db/queries/visibility.ts';
import { ForbiddenError } from '../../errors.ts';
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

/** Who asks for a file: the signed-in user's role and restrictions, or null for a guest. */
export type Requester = () => Promise<(Viewer & { isAdmin: boolean }) | null>;

export const NOT_FOR_YOU = 'This is not available to you';

/**
 * A song's audio: anyone (signed in or holding the link) while the song is published and
 * not trashed; otherwise admins only. The hash must be the song's current one. A restricted
 * member's session is refused (403) what their restrictions hide, even holding the link.
 */
export async function songAudioTarget(db: Db, file: AudioFile, requester: Requester): Promise<AudioTarget | null> {
  const song = findSongAudio(db, file.shareId);
  if (!song || song.audioHash !== file.hash || song.audioFormat !== file.format) return null;
  const live = song.status === 'published' && song.deletedAt === null;
  const who = await requester();
  if (!live && !who?.isAdmin) return null;
  if (live && who && isRestricted(who) && !songShareIdVisibleTo(db, file.shareId, who)) throw new ForbiddenError(NOT_FOR_YOU);
  return { hash: song.audioHash, format: file.format, audioPath: song.audioPath };
}

/** Artwork is public by content hash, except to a restricted member: only their songs' (403). */
export async function assertImageAllowed(db: Db, hash: string, requester: Requester): Promise<void> {
  const who = await requester();
  if (who && isRestricted(who) && !imageVisibleTo(db, hash, who)) throw new ForbiddenError(NOT_FOR_YOU);
}

/** A temporary share's audio while it has not expired. */
export function tempShareAudioTarget(db: Db, file: AudioFile, now: number): AudioTarget | null {
  const share = findLiveTempShareAudio(db, file.shareId, now);
  if (!share || share.audioHash !== file.hash || share.audioFormat !== file.format) return null;
  return { hash: share.audioHash, format: file.format, audioPath: null };
}
