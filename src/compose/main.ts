import { MigrationError, NewerDatabaseError } from '../../db/migrate.ts';
import { bucketCorsNotice } from '../../media/bucket-cors.ts';
import { openStorage } from '../../media/s3-storage.ts';
import { createApp } from './app.ts';
import { loadBundles } from '../render/bundles.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { openDataDir } from '../data-dir.ts';
import { JOBS } from '../jobs/index.ts';
import { startJobs } from '../jobs/runner.ts';
import { createLogger } from '../logger.ts';
import { idleCollection } from '../http/idle-collection.ts';
import { CLI_PROGRAM } from './release/is-binary.ts';
import { PortInUseError, listen } from './server.ts';
import { ensureFirstAdmin, removeFirstAdmin } from '../services/accounts/first-admin.ts';
import { startReplication } from './replication.ts';

// The only module with side effects: config → data folder → migrate → app → listen → jobs.
// React's build follows NODE_ENV as the process starts (Bun folds it into React's entry files
// while loading the import graph, before any module body runs): `npm start` sets production.
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A username as one shell word, for a command a person pastes. */
function shellWord(word: string): string {
  return /^[\w.@+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

const JOBS_FIRST_RUN_AFTER_MS = 1000;
const IDLE_COLLECTION_AFTER_MS = 1000;

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const log = createLogger(config.logLevel);
// From a checkout the bundles are built here when missing or stale, before the port opens (so
// `start` works on a fresh clone, saying so). The binary has them compiled in and loads them at
// the first page or a second after start, so its first answer does not wait for React.
if (typeof HEARTH_BINARY === 'undefined') await loadBundles((line) => console.log(line));
// Pages reach the server only through the built RSC bundle: under `bun --watch` (npm run dev)
// load their sources too, so edits to them restart the server and the restart rebuilds. (The
// binary defines HEARTH_BINARY: the bundler drops this, and the pages' sources stay out.)
if (typeof HEARTH_BINARY === 'undefined' && process.execArgv.some((arg) => arg === '--watch' || arg === '--hot')) {
  await import('../../routes/pages/registry.ts');
}
let opened;
try {
  opened = openDataDir(config.dataDir);
} catch (error) {
  if (error instanceof NewerDatabaseError || error instanceof MigrationError) fail(`Hearth cannot start: ${error.message}`);
  throw error;
}
const { handle, secret, paths } = opened;
const storage = openStorage(paths.mediaDir, config.s3);
const app = createApp({ config, db: handle.db, secret, log, storage });
// A full collection once quiet after start and after each burst of requests (idle RSS).
app.use(idleCollection(IDLE_COLLECTION_AFTER_MS).plugin);
// The first admin exists before the port opens, so no request is answered without it (a login
// right after start would get 401). A failed listen removes that admin again: the next start
// creates it afresh and prints its password, so a failed start never swallows one.
const admin = await ensureFirstAdmin(handle.db, config, log);
try {
  listen(app, config.host, config.port);
} catch (error) {
  if (admin) removeFirstAdmin(handle.db, admin.username);
  handle.close();
  if (error instanceof PortInUseError) fail(error.message);
  throw error;
}
// REPLICA_URL: Litestream ships every write to the replica, supervised by this process.
let replication: ReturnType<typeof startReplication> | null = null;
try {
  replication = config.replicaUrl ? startReplication(config, paths.dbPath, log) : null;
} catch (error) {
  fail(`Hearth cannot start: ${(error as Error).message}`);
}

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const url = config.publicUrl ?? `http://${shownHost}:${app.server?.port}`;
// One write: whoever waits for "Hearth is running on" (tests, scripts) reads the admin lines with it.
const started = [`Hearth is running on ${url} (data in ${paths.root})`];
if (admin?.generated) {
  // The password alone at the end of its line, so nothing else is copied with it.
  started.push(`Log in at ${url}/login as "${admin.username}" with this password (shown only once):`);
  started.push(`Password: ${admin.password}`);
  started.push(`Change it with: ${CLI_PROGRAM} user passwd ${shellWord(admin.username)} --password NEW`);
} else if (admin) {
  started.push(`Log in at ${url}/login as "${admin.username}" with ADMIN_PASSWORD.`);
} else {
  const ignored = [config.adminUsername !== undefined && 'ADMIN_USERNAME', config.adminPassword !== undefined && 'ADMIN_PASSWORD'].filter(Boolean);
  // Users exist: the variables create only the first admin, and someone may expect them to reset it.
  if (ignored.length > 0) {
    started.push(`${ignored.join(' and ')} ${ignored.length > 1 ? 'are' : 'is'} ignored: this Hearth already has accounts, and they only create the first admin.`);
    started.push(`To set a new password: ${CLI_PROGRAM} user passwd NAME --password NEW`);
  }
}
const jobsAbort = new AbortController();
let jobsDone = async () => {};
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received: finishing in-flight requests, then stopping.`);
  jobsAbort.abort();
  // stop(false) stops accepting connections and resolves once in-flight requests are done.
  await app.server?.stop(false);
  await jobsDone();
  handle.close({ checkpoint: replication === null });
  await replication?.stop();
  log.info('Hearth stopped cleanly.');
  process.exit(0);
}
// Before the ready line: the jobs' first run does synchronous work, and a SIGTERM sent the moment
// the line shows must find our handler installed, not the default that kills at once (exit 143).
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
console.log(started.join('\n'));
// Presigned audio plays only if the bucket answers the browser: say so at start, not by silence.
if (config.s3?.publicUrls) void bucketCorsNotice(config.s3, new URL(url).origin).then(({ level, message }) => log[level](message));
if (typeof HEARTH_BINARY !== 'undefined') setTimeout(() => void loadBundles().catch((error: unknown) => log.error('Loading the pages failed', error)), 1000);
// The jobs' first runs (a purge listing the media, the loudness queue) do synchronous work: they
// wait a second, so a supervisor's first health check or a visitor's first page is not held up.
jobsDone = startJobs(JOBS, { db: handle.db, config, log, storage, now: Date.now }, jobsAbort.signal, JOBS_FIRST_RUN_AFTER_MS);
