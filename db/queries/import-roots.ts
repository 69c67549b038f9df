import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { settings } from '../schema/index.ts';

/** A folder `cli import` imported, with how: a scan imports it again the same way. */
export interface ImportRoot {
  path: string;
  publish: boolean;
  inPlace: boolean;
  /** An import of it has finished since genres, years, disc and track numbers are read. */
  tagsRead?: boolean;
}

// One settings row (not an instance setting: readSettings ignores unknown keys), so recording
// the folders needs no table of its own (docs/decisions/149-import-roots-for-scans.md).
const KEY = 'importRoots';

function readRoots(db: Db): ImportRoot[] {
  const value = db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).get()?.value;
  return Array.isArray(value) ? (value as ImportRoot[]) : [];
}

/** Every imported folder, oldest first. */
export function listImportRoots(db: Db): ImportRoot[] {
  return readRoots(db);
}

export function findImportRoot(db: Db, path: string): ImportRoot | undefined {
  return readRoots(db).find((root) => root.path === path);
}

/** Records a folder (an absolute path), or its new options when it is already recorded. */
export function rememberImportRoot(db: Db, root: ImportRoot): void {
  db.transaction(
    (tx) => {
      const roots = readRoots(tx as unknown as Db).filter((known) => known.path !== root.path);
      const value = [...roots, root];
      tx.insert(settings)
        .values({ key: KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
        .run();
    },
    { behavior: 'immediate' },
  );
}
