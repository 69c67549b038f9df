import type { Db } from '../../../db/client.ts';
import { pingDatabase } from '../../../db/queries/database.ts';

/** Whether the database answers right now (GET /healthz). */
export function databaseAnswers(db: Db): boolean {
  try {
    pingDatabase(db);
    return true;
  } catch {
    return false;
  }
}
