/** One `cli import` as a child process: its wall and CPU time and its summary. */
export interface ImportRun {
  ms: number;
  cpuMs: number;
  output: string;
}

/** Runs `cli import LIBRARY --publish` into `dataDir`; throws unless it exits 0. */
export async function cliImport(library: string, dataDir: string): Promise<ImportRun> {
  const t0 = performance.now();
  const child = Bun.spawn([process.execPath, 'src/compose/cli/index.ts', 'import', library, '--publish'], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const output = await new Response(child.stdout).text();
  const code = await child.exited;
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`import exited ${code}: ${output}${await new Response(child.stderr).text()}`);
  const usage = child.resourceUsage();
  const cpuMs = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1000 : NaN;
  return { ms, cpuMs, output };
}
