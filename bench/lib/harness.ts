import { readFileSync, rmSync } from 'node:fs';
import type { Db } from '../../db/client.ts';
import { ensureBuilt } from '../../src/compose/build.ts';
import { openDataDir } from '../../src/data-dir.ts';
import { createUser } from '../../src/services/accounts/users.ts';
import { makeTempDir } from '../../src/testing/server.ts';

/**
 * Shared bench plumbing: a real server as a child process on a seeded temporary DATA_DIR,
 * bounded loopback load, and one printed line per figure with its ratio to a baseline.
 */
export interface BenchServer {
  url: string;
  dataDir: string;
  pid: number;
  /** Milliseconds from spawn to the first answered /healthz. */
  startupMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

export const ADMIN = { username: 'benchadmin', password: 'bench-password' };

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** A temporary data folder with the bench admin and whatever `seed` adds. */
export async function seedBenchDataDir(seed?: (db: Db, dataDir: string) => void | Promise<void>): Promise<string> {
  const dataDir = makeTempDir('hearth-bench-');
  const { handle } = openDataDir(dataDir);
  await createUser(handle.db, { ...ADMIN, isAdmin: true });
  await seed?.(handle.db, dataDir);
  handle.close();
  return dataDir;
}

/**
 * The server as a child process: `bun src/compose/main.ts` unless `cmd` names another (the single
 * binary); on a fresh seeded data folder, or on `dataDir` (kept when the server stops).
 */
export async function startBenchServer(
  options: {
    seed?: (db: Db, dataDir: string) => void | Promise<void>;
    env?: Record<string, string>;
    cmd?: string[];
    dataDir?: string;
  } = {},
): Promise<BenchServer> {
  const dataDir = options.dataDir ?? (await seedBenchDataDir(options.seed));
  // Built here, not by the source server at its start: no start-up or memory figure includes a build.
  if (!options.cmd) await ensureBuilt('production');

  const port = await freePort();
  const started = performance.now();
  const child = Bun.spawn(options.cmd ?? [process.execPath, 'src/compose/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  let startupMs = 0;
  const deadline = started + 120_000; // an emulated arm64 binary takes a while
  while (performance.now() < deadline) {
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) {
      startupMs = performance.now() - started;
      break;
    }
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    await Bun.sleep(5);
  }
  if (!startupMs) {
    // Left running, it would hold its port and data folder and skew every later figure.
    child.kill('SIGKILL');
    throw new Error('bench server did not answer within 120 s');
  }

  return {
    url,
    dataDir,
    pid: child.pid,
    startupMs,
    rssMb: () => rssOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** user + system CPU time of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of a process in MiB, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

export interface LoadResult {
  p50Ms: number;
  p99Ms: number;
  rps: number;
}

/** Runs `requests` calls of `run`, `concurrency` at a time, and reports latency percentiles. */
export async function measureRequests(options: {
  requests: number;
  concurrency: number;
  run: (i: number) => Promise<void>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.requests) {
      const i = next++;
      const t0 = performance.now();
      await options.run(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50Ms: at(0.5), p99Ms: at(0.99), rps: options.requests / seconds };
}

/** Times `fn` over `runs` calls in-process; returns the median in milliseconds. */
export async function medianMs(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** One line per figure: name, value, unit, and the ratio to a baseline measured in the same run. */
export function printFigure(name: string, value: number, unit: string, baseline?: { name: string; value: number }, budget?: string): void {
  const figure = `${name}: ${value.toFixed(value < 10 ? 2 : 1)} ${unit}`;
  const ratio = baseline && baseline.value > 0
    ? ` | ${baseline.name}: ${baseline.value.toFixed(baseline.value < 10 ? 2 : 1)} ${unit} | ratio ${(value / baseline.value).toFixed(2)}x`
    : '';
  console.log(`${figure}${ratio}${budget ? ` | budget ${budget}` : ''}`);
}

/** Logs in over HTTP and returns the session cookie. */
export async function benchLogin(url: string, credentials = ADMIN): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('hearth_session='));
  if (!cookie) throw new Error(`bench login failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

/** JSON calls to a bench server as the signed-in `cookie` (with the Origin the CSRF check wants); throws on any non-2xx. */
export function benchApi(url: string, cookie: string) {
  return async function api<T>(path: string, init: RequestInit): Promise<T> {
    const res = await fetch(url + path, { ...init, headers: { ...(init.headers ?? {}), cookie, origin: url } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/**
 * A bare `Bun.serve` (a baseline) in its own process, as Hearth runs in its own: `script` starts it
 * and prints its port; `stdin` is handed to it. Resolves to its URL, pid and a stop.
 */
export async function spawnBareServer(script: string, stdin?: Blob): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = Bun.spawn([process.execPath, '-e', script], { stdin: stdin ?? 'ignore', stdout: 'pipe', stderr: 'inherit' });
  const reader = child.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('bare server exited');
    text += new TextDecoder().decode(value);
  }
  return { url: `http://127.0.0.1:${text.trim()}/`, pid: child.pid, stop: async () => void (child.kill(), await child.exited) };
}
