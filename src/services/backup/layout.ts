import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// What a backup archive holds, in this order: the manifest (so a restore knows at once that
// the file is a Hearth backup), the signing key, the database, then media/ as in DATA_DIR.
export const MANIFEST = 'hearth-backup.json';
export const DB_FILE = 'hearth.db';
export const SECRET_FILE = 'secret.key';
export const FORMAT = 1;

export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  hearthVersion: string;
  /** Migrations applied to the database copy, and the newest one's tag. */
  schema: { migrations: number; latest: string | null };
  counts: { songs: number; albums: number; playlists: number; users: number };
  media: { included: boolean; files: number; bytes: number };
  /** Audio imported with `import --in-place`: listed, never copied (it lives outside DATA_DIR). */
  inPlaceFiles: string[];
}

/** A backup or restore that cannot go on: the message is for the person at the terminal. */
export class BackupError extends Error {}

/** Media paths relative to DATA_DIR, as a backup stores them: media/audio/ab/<sha256>, media/images/ab/<sha256>.<ext>. */
export function audioEntry(hash: string): string {
  return `media/audio/${hash.slice(0, 2)}/${hash}`;
}

export function imageEntry(artworkUrl: string): string | null {
  const name = /^\/objects\/images\/([0-9a-f]{64}\.(?:png|jpg|webp|gif))$/.exec(artworkUrl)?.[1];
  return name ? `media/images/${name.slice(0, 2)}/${name}` : null;
}

const ALLOWED = [
  /^(hearth-backup\.json|hearth\.db|secret\.key)$/,
  /^media\/((audio|images)(\/[0-9a-f]{2})?)?\/?$/,
  /^media\/audio\/([0-9a-f]{2})\/\1[0-9a-f]{62}$/,
  /^media\/images\/([0-9a-f]{2})\/\1[0-9a-f]{62}\.(png|jpg|webp|gif)$/,
];

/** Only names a backup writes may be restored: anything else means the file is not ours. */
export function isBackupEntry(path: string): boolean {
  return ALLOWED.some((pattern) => pattern.test(path.replace(/^\.\//, '')));
}

/** Empties a folder (a failed restore's target, which was empty before). */
export function emptyFolder(dir: string): void {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
}
