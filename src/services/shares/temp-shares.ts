import type { Db } from '../../../db/client.ts';
import { anonymousBytes, deleteTempShare, insertTempShare, listTempShares } from '../../../db/queries/temp-shares.ts';
import { diskFullAware } from '../../../media/disk-full.ts';
import { titleFromFilename } from '../../../media/metadata.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { ReceivedForm } from '../../../media/upload.ts';
import { BadRequestError, InsufficientStorageError, NotFoundError, TooManyRequestsError } from '../../errors.ts';
import { randomId } from '../../shared/ids.ts';
import { cleanOptionalText } from '../../shared/text.ts';
import type { AdminTempShareDto } from '../../shared/schemas/temp-share-admin.ts';
import type { TempShareDto } from '../../shared/types.ts';
import { RateLimiter } from '../accounts/rate-limiter.ts';
import { toTempShareDto } from '../catalogue/dto.ts';
import { QUOTA_MESSAGE } from './guest-quota.ts';
import { checkAudio, dropIfUnreferenced } from '../media/audio.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Expiry options; `never` is the default and the only one a guest gets. */
export const EXPIRY_OPTIONS: Record<string, number | null> = { never: null, '1day': DAY, '3days': 3 * DAY, '1week': 7 * DAY, '30days': 30 * DAY };

/** Guests may create 10 shares per address per hour (counted in SQLite: a restart keeps the count). */
export const guestShareLimiter = (db: Db) => new RateLimiter(db, 'share-ip', 10, 60 * 60 * 1000);

export interface Uploader {
  userId: number | null;
  isAdmin: boolean;
  ip: string;
}


/** Cheap checks before a guest's body is read: rate limit, then a quota already used up. */
export function assertGuestMayUpload(db: Db, limiter: RateLimiter, ip: string, quotaBytes: number, now: number): void {
  const wait = limiter.blockedFor(ip, now);
  if (wait > 0) throw new TooManyRequestsError(wait / 1000, 'Too many shares from your network. Please try again later.');
  if (anonymousBytes(db) >= quotaBytes) throw new InsufficientStorageError(QUOTA_MESSAGE);
}

function expiryFor(uploader: Uploader, raw: string | undefined, now: number): Date | null {
  if (!uploader.isAdmin || !raw) return null;
  if (!(raw in EXPIRY_OPTIONS)) throw new BadRequestError('expiresIn must be one of never, 1day, 3days, 1week, 30days');
  const ms = EXPIRY_OPTIONS[raw]!;
  return ms === null ? null : new Date(now + ms);
}

// The one cleaning every name gets (src/shared/text.ts): NFC, no control or bidi characters.
function text(raw: string | undefined, max: number): string | null {
  return cleanOptionalText(raw)?.slice(0, max) ?? null;
}

/**
 * POST /api/temp-share: the upload pipeline's checks, then the row. A guest's bytes were
 * reserved against the quota before the body was read (guest-quota.ts); the caller releases
 * that hold only after this returns, once the row counts them.
 */
export async function createTempShare(db: Db, storage: MediaStorage, form: ReceivedForm, uploader: Uploader, now: number): Promise<TempShareDto> {
  const file = form.file;
  const drop = () => file && storage.remove(file.tempPath);
  const title = text(form.fields.title, 200);
  if (!file || !title) {
    drop();
    throw new BadRequestError('Please upload a file and enter a title');
  }
  let expiresAt: Date | null;
  try {
    expiresAt = expiryFor(uploader, form.fields.expiresIn, now);
  } catch (error) {
    drop();
    throw error;
  }
  const audio = await checkAudio(storage, file.tempPath, file, true);
  await storage.audio.commit(file.tempPath, audio.hash);
  try {
    const row = insertTempShare(db, {
      shareId: randomId(), title, sharedBy: text(form.fields.sharedBy, 100), audioHash: audio.hash, audioFormat: audio.format,
      duration: audio.tags.duration, fileSize: audio.size, originalFilename: audio.filename ?? titleFromFilename(null),
      userId: uploader.userId, uploaderIp: uploader.ip, expiresAt,
    });
    return toTempShareDto(row);
  } catch (error) {
    await dropIfUnreferenced(db, storage, audio.hash);
    throw diskFullAware(error);
  }
}

/** Settings' list: each share with its file size and who made it. */
export const listAllTempShares = (db: Db): AdminTempShareDto[] =>
  listTempShares(db).map((row) => ({ ...toTempShareDto(row), fileSize: row.fileSize, uploadedBy: row.uploadedBy }));

/** Admin delete: the row, then its file if nothing else uses the same bytes. */
export async function removeTempShare(db: Db, storage: MediaStorage, id: number): Promise<void> {
  const row = deleteTempShare(db, id);
  if (!row) throw new NotFoundError('Share not found');
  await dropIfUnreferenced(db, storage, row.audioHash);
}
