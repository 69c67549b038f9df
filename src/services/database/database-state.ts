import type { Db } from '../../../db/client.ts';
import { pingDatabase, readWriteVersion } from '../../../db/queries/database.ts';

/** Whether the database answers right now (GET /healthz). */
export function databaseAnswers(db: Db): boolean {
  try {
    pingDatabase(db);
    return true;
  } catch {
    return false;
  }
}

/** A value that changes with every write to the database, from any process (the share pages' cache). */
export function databaseWriteVersion(db: Db): string {
  return readWriteVersion(db);
}
