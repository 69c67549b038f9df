import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Subprocess } from 'bun';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/** The Litestream binary that npm installed for this platform (@flydotio/litestream-<os>-<arch>). */
export function litestreamBinary(): string {
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return join(dirname(Bun.resolveSync(`${name}/package.json`, import.meta.dir)), 'litestream');
  } catch {
    // The single binary carries no npm packages: a litestream on PATH (npm install -g @flydotio/litestream).
    const onPath = Bun.which('litestream');
    if (onPath) return onPath;
    throw new Error(`REPLICA_URL needs Litestream: npm install --global @flydotio/litestream (or put litestream on PATH)`);
  }
}

/** Keys for an s3:// replica: Litestream reads them from its environment. */
function replicaEnv(config: Config): Record<string, string> {
  if (!config.s3) return {};
  return { LITESTREAM_ACCESS_KEY_ID: config.s3.accessKeyId, LITESTREAM_SECRET_ACCESS_KEY: config.s3.secretAccessKey };
}

/**
 * Litestream's own settings: the WAL checked and shipped every 200 ms (its defaults are 1 s
 * each), so a write is in the replica well within a second of its commit.
 */
function writeLitestreamConfig(dataDir: string, dbPath: string, replicaUrl: string): string {
  const path = join(dataDir, 'litestream.yml');
  const yaml = `dbs:\n  - path: ${JSON.stringify(dbPath)}\n    monitor-interval: 200ms\n    replicas:\n      - url: ${JSON.stringify(replicaUrl)}\n        sync-interval: 200ms\n`;
  writeFileSync(path, yaml, { mode: 0o600 });
  return path;
}

export interface Replication {
  /** Stops Litestream (it ships what is left on SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

/** Starts `litestream replicate` beside the server and restarts it if it dies (1 s, doubling to 30 s). */
export function startReplication(config: Config, dbPath: string, log: Logger): Replication {
  const replicaUrl = config.replicaUrl!;
  const configPath = writeLitestreamConfig(config.dataDir, dbPath, replicaUrl);
  const binary = litestreamBinary();
  let child: Subprocess | null = null;
  let stopping = false;
  let delay = 1000;
  const start = () => {
    const started = Date.now();
    child = Bun.spawn([binary, 'replicate', '-config', configPath], { env: { ...process.env, ...replicaEnv(config) }, stdout: 'ignore', stderr: 'inherit' });
    void child.exited.then((code) => {
      if (stopping) return;
      delay = Date.now() - started > 60_000 ? 1000 : Math.min(delay * 2, 30_000);
      log.warn(`Litestream stopped (exit ${code}); starting it again in ${delay / 1000} s.`);
      setTimeout(() => !stopping && start(), delay);
    });
  };
  start();
  log.info(`Replicating the database to ${replicaUrl.replace(/\?.*$/, '')}.`);
  return {
    async stop() {
      stopping = true;
      child?.kill('SIGTERM');
      await child?.exited;
    },
  };
}

/** `restore --from-replica`: the newest state of the replica into `dbPath` (which must not exist). */
export async function restoreFromReplica(config: Config, dbPath: string): Promise<{ code: number; output: string }> {
  const child = Bun.spawn([litestreamBinary(), 'restore', '-o', dbPath, config.replicaUrl!], { env: { ...process.env, ...replicaEnv(config) }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: `${stdout}${stderr}`.trim() };
}
