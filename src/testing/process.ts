import type { Subprocess } from 'bun';

/** A real `bun src/compose/main.ts` (or CLI) child process, run by this very Bun (process.execPath), with its output collected, for lifecycle tests. */
export interface ServerProcess {
  child: Subprocess<'ignore', 'pipe', 'pipe'>;
  url: string;
  output(): string;
  /** Resolves once the output contains `text` (true), or once the child closed its output without it (false). */
  waitFor(text: string): Promise<boolean>;
  exited: Promise<number>;
}

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

interface Collected {
  output(): string;
  /** Resolves once both streams ended (the child closed them, usually by exiting). */
  ended: Promise<void>;
  /** Resolves once the output contains `text`, or with false once both streams ended without it. */
  waitFor(text: string): Promise<boolean>;
}

function collect(child: Subprocess<'ignore', 'pipe', 'pipe'>): Collected {
  let text = '';
  let listeners: (() => void)[] = [];
  const changed = () => {
    const waiting = listeners;
    listeners = [];
    for (const listener of waiting) listener();
  };
  const decoder = new TextDecoder();
  let done = false;
  const ended = Promise.all(
    [child.stdout, child.stderr].map(async (stream) => {
      for await (const chunk of stream) {
        text += decoder.decode(chunk, { stream: true });
        changed();
      }
    }),
  ).then(
    () => undefined,
    () => undefined,
  ).finally(() => {
    done = true;
    changed();
  });
  const waitFor = async (wanted: string) => {
    while (!text.includes(wanted)) {
      if (done) return false;
      await new Promise<void>((resolve) => listeners.push(resolve));
    }
    return true;
  };
  return { output: () => text, ended, waitFor };
}

/**
 * How to run the server: `bun src/compose/main.ts` from the checkout, unless `cmd` names another (the
 * single binary, run in its own folder with only the environment given, see src/compose/release/).
 */
export interface MainCommand {
  cmd?: string[];
  cwd?: string;
  /** The child sees only `env` (plus PATH), as on a machine with nothing else set up. */
  cleanEnv?: boolean;
  /**
   * How long start-up may take; by default as long as the test may (a loaded machine is slow to
   * start Bun, and the ready line or the child's exit ends the wait anyway).
   */
  startTimeoutMs?: number;
}

export function spawnMain(env: Record<string, string>, how: MainCommand = {}): { child: Subprocess<'ignore', 'pipe', 'pipe'> } & Collected {
  const base = how.cleanEnv ? { PATH: '/usr/bin:/bin' } : process.env;
  const child = Bun.spawn(how.cmd ?? [process.execPath, 'src/compose/main.ts'], {
    cwd: how.cwd,
    env: { ...base, HOST: '127.0.0.1', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return { child, ...collect(child) };
}

/**
 * Starts the server and resolves once it prints that it is running (its readiness line). Without
 * a PORT in `env` it takes a free one, and another when a process beside it took that port
 * between the probe and the listen (the server then says the port is in use and exits); the
 * output of such a start stays at the head of `output()`, as what it did (a build) stays done.
 */
export async function startMain(env: Record<string, string>, how: MainCommand = {}): Promise<ServerProcess> {
  let earlier = '';
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startMainOnce({ ...env, PORT: env.PORT ?? String(await freePort()) }, how, earlier);
    } catch (error) {
      const output = (error as { output?: string }).output ?? '';
      if (env.PORT || !output.includes('is already in use') || attempt === 3) throw error;
      earlier += output;
    }
  }
}

async function startMainOnce(env: Record<string, string> & { PORT: string }, how: MainCommand, earlier: string): Promise<ServerProcess> {
  const port = env.PORT;
  const spawned = spawnMain(env, how);
  const { child, waitFor } = spawned;
  const output = () => earlier + spawned.output();
  let timer: Timer | undefined;
  const timeout = new Promise<false>((resolve) => {
    if (how.startTimeoutMs !== undefined) timer = setTimeout(() => resolve(false), how.startTimeoutMs);
  });
  const ready = await Promise.race([waitFor('Hearth is running on'), timeout]);
  clearTimeout(timer);
  if (!ready) {
    child.kill();
    throw Object.assign(new Error(`server did not start:\n${output()}`), { output: spawned.output() });
  }
  return { child, url: `http://127.0.0.1:${port}`, output, waitFor, exited: child.exited };
}

export async function runToEnd(cmd: string[], env: Record<string, string>, how: Omit<MainCommand, 'cmd' | 'startTimeoutMs'> = {}): Promise<{ code: number; output: string }> {
  const base = how.cleanEnv ? { PATH: '/usr/bin:/bin' } : process.env;
  const child = Bun.spawn(cmd, { cwd: how.cwd, env: { ...base, ...env }, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const { output, ended } = collect(child);
  const code = await child.exited;
  // The last lines may still be in flight when the exit code is in.
  await ended;
  return { code, output: output() };
}

/** Runs the CLI (`npm run cli -- …`) to completion. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return runToEnd([process.execPath, 'src/compose/cli/index.ts', ...args], env);
}

/** Runs one command line as a person would paste it (`sh -c`), e.g. a hint the server printed. */
export function runShell(line: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return runToEnd(['sh', '-c', line], env);
}

/** A package.json script `VAR=value … bun ARGS` as the environment it sets and Bun's arguments. */
export async function npmScript(name: string): Promise<{ env: Record<string, string>; bunArgs: string[] }> {
  const { scripts } = (await Bun.file('package.json').json()) as { scripts: Record<string, string> };
  const words = (scripts[name] ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [key, value] = words.shift()!.split('=') as [string, string];
    env[key] = value;
  }
  if (words.shift() !== 'bun') throw new Error(`script "${name}" is not "VAR=value … bun ARGS": ${scripts[name]}`);
  return { env, bunArgs: words };
}
