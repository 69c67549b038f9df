import './render/node-env.ts';
import { createApp } from './app.ts';
import { ensureBuilt } from './build.ts';
import { ConfigError, parseConfig } from './config.ts';
import { openDataDir } from './data-dir.ts';
import { JOBS } from './jobs/index.ts';
import { startJobs } from './jobs/runner.ts';
import { createLogger } from './logger.ts';
import { PortInUseError, listen } from './server.ts';
import { ensureFirstAdmin } from './services/accounts/first-admin.ts';

// The only module with side effects: config → data folder → migrate → app → listen → jobs.
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const log = createLogger(config.logLevel);
// Page bundles are built here when missing or stale, so `start` works on a fresh clone.
await ensureBuilt();
// Pages reach the server only through the built RSC bundle: under `bun --watch` (npm run dev)
// load their sources too, so edits to them restart the server and the restart rebuilds.
if (process.execArgv.some((arg) => arg === '--watch' || arg === '--hot')) await import('../routes/pages/registry.ts');
const { handle, secret, paths } = openDataDir(config.dataDir);
const app = createApp({ config, db: handle.db, secret, log });
try {
  listen(app, config.host, config.port);
} catch (error) {
  handle.close();
  if (error instanceof PortInUseError) fail(error.message);
  throw error;
}

// After listen succeeds, so a failed start never swallows a generated password.
const admin = await ensureFirstAdmin(handle.db, config, log);
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const url = config.publicUrl ?? `http://${shownHost}:${app.server?.port}`;
console.log(`Hearth is running on ${url} (data in ${paths.root})`);
if (admin) {
  console.log(`Log in at ${url}/login as "${admin.username}"` + (admin.generated ? ` with password: ${admin.password}` : ' with ADMIN_PASSWORD') + '.');
  if (admin.generated) console.log('This password is shown only once: change it with `bun run cli user passwd`.');
}

const jobsAbort = new AbortController();
const jobsDone = startJobs(JOBS, { db: handle.db, config, log, now: Date.now }, jobsAbort.signal);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received: finishing in-flight requests, then stopping.`);
  jobsAbort.abort();
  // stop(false) stops accepting connections and resolves once in-flight requests are done.
  await app.server?.stop(false);
  await jobsDone();
  handle.close();
  log.info('Hearth stopped cleanly.');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
