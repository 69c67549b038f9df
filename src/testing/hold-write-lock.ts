import { Database } from 'bun:sqlite';

/**
 * A second process that writes to a data folder's database, as the CLI or another server does:
 * `bun src/testing/hold-write-lock.ts DB_PATH HOLD_MS [CYCLES] [GAP_MS]` holds a write
 * transaction for HOLD_MS, CYCLES times, GAP_MS apart, printing "locked" once it first holds it.
 */
const [path, holdMs = '1000', cycles = '1', gapMs = '20'] = process.argv.slice(2);
if (!path) throw new Error('usage: hold-write-lock.ts DB_PATH HOLD_MS [CYCLES] [GAP_MS]');
const sqlite = new Database(path);
sqlite.exec('PRAGMA busy_timeout = 5000');
for (let cycle = 0; cycle < Number(cycles); cycle++) {
  sqlite.exec('BEGIN IMMEDIATE');
  sqlite.exec("UPDATE settings SET updated_at = updated_at WHERE key = 'hold-write-lock'");
  if (cycle === 0) console.log('locked');
  Bun.sleepSync(Number(holdMs));
  sqlite.exec('COMMIT');
  Bun.sleepSync(Number(gapMs));
}
console.log('released');
sqlite.close();
