import { readFileSync, readdirSync } from 'node:fs';

// CPU seconds by kind of process while a command runs, read from /proc every SAMPLE_MS: Chromium's
// renderers, GPU process (its display compositor), browser process and utilities apart, beside Bun
// and ffmpeg. getrusage cannot split them, nor see the renderers (Chromium's zygote reaps them).
// Every process on the machine counts (the bench's own Bun too), so run it on a quiet machine. A
// process that ends between two samples loses what it spent since the last one.
const SAMPLE_MS = 200;
const TICKS_PER_S = 100;

/** Busy CPU seconds of the whole machine since boot (/proc/stat: user, nice, system, irq, softirq, steal). */
export function machineCpuSeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_S;
}

/** `chromium renderer`, `chromium gpu-process`, `chromium browser`, `bun`, `ffmpeg`…, from a command line. */
export function processKind(cmdline: string): string {
  // Chromium rewrites its children's titles into argv[0], so the words are split on spaces too.
  const words = cmdline.split(/[\0 ]/).filter(Boolean);
  const exe = (words[0] ?? '').split('/').pop()!;
  if (/chrom|headless_shell/.test(exe)) {
    const type = words.find((word) => word.startsWith('--type='))?.slice('--type='.length);
    if (!type) return 'chromium browser';
    const service = words.find((word) => word.startsWith('--utility-sub-type='))?.split('.').pop();
    return `chromium ${type === 'utility' && service ? service : type}`;
  }
  if (exe.startsWith('bun')) return 'bun';
  return exe || '?';
}

/** A process's CPU ticks so far, and its start time, which tells a reused pid from the process it had. */
function cpuTicks(pid: string): { ticks: number; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), started: fields[19]! }; // utime + stime, starttime
  } catch {
    return null; // gone meanwhile
  }
}

/** Samples every process until `stop()`, which answers CPU seconds per kind, largest first. */
export function sampleProcessCpu(): { stop(): Map<string, number> } {
  // Keyed by pid and start time: a pid reused meanwhile is another process.
  const before = new Map<string, number>();
  const seen = new Map<string, { kind: string; ticks: number }>();
  const pids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  for (const pid of pids()) {
    const cpu = cpuTicks(pid);
    if (cpu) before.set(`${pid}@${cpu.started}`, cpu.ticks);
  }
  const sample = () => {
    for (const pid of pids()) {
      const cpu = cpuTicks(pid);
      if (cpu === null) continue;
      const key = `${pid}@${cpu.started}`;
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      // Read each time: a forked child carries its parent's command line until it execs.
      if (cmdline) seen.set(key, { kind: processKind(cmdline), ticks: cpu.ticks - (before.get(key) ?? 0) });
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const byKind = new Map<string, number>();
      for (const { kind, ticks } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + ticks / TICKS_PER_S);
      return new Map([...byKind].filter(([, seconds]) => seconds >= 0.5).sort((a, b) => b[1] - a[1]));
    },
  };
}
