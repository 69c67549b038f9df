/**
 * Loudness measurement (EBU R128 by ffmpeg's ebur128, as the background job runs it): seconds of
 * audio measured per second, for a 300 s stereo FLAC and MP3, against ffmpeg only decoding the same
 * file (the floor no measurement can beat); then the measuring ffmpeg's peak memory (what the
 * job adds to a Pi while it runs) beside decoding alone. Needs ffmpeg on the PATH and /usr/bin/time.
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureLoudness } from '../media/loudness.ts';
import { findFfmpeg } from '../media/transcode.ts';
import { makeTempDir } from '../src/testing/server.ts';
import { printFigure } from './lib/harness.ts';

const SECONDS = 300;
const RUNS = 3;
const ffmpeg = findFfmpeg();
if (!ffmpeg) {
  console.log('ffmpeg not found: nothing to measure');
  process.exit(1);
}

const dir = makeTempDir('hearth-loudness-bench-');
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, { stdout: 'ignore', stderr: 'ignore' });
  if ((await child.exited) !== 0) throw new Error(`failed: ${command.join(' ')}`);
}

/** The median wall time of `work` over RUNS runs, in seconds. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push((performance.now() - started) / 1000);
  }
  return median(times);
}

try {
  for (const [name, codec] of [['flac', ['-c:a', 'flac']], ['mp3', ['-c:a', 'libmp3lame', '-b:a', '192k']]] as const) {
    const file = join(dir, `noise.${name}`);
    await run([ffmpeg.path, '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `anoisesrc=color=pink:duration=${SECONDS}:sample_rate=44100`, '-ac', '2', ...codec, file]);
    const decode = await timed(() => run(['nice', '-n', '10', ffmpeg.path, '-hide_banner', '-nostdin', '-threads', '1', '-i', file, '-f', 'null', '-']));
    const measure = await timed(() => measureLoudness(ffmpeg, file));
    printFigure(`measurement of ${SECONDS} s ${name}`, SECONDS / measure, 'x real time', { name: 'decode only', value: SECONDS / decode });

    // The job's own command, run through a wrapper that records ffmpeg's maximum resident size.
    const timedFfmpeg = (out: string) => {
      const wrapper = join(dir, `ffmpeg-${out}`);
      writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -f %M -o "${join(dir, out)}" "${ffmpeg.path}" "$@"\n`);
      chmodSync(wrapper, 0o755);
      return wrapper;
    };
    await measureLoudness({ ...ffmpeg, path: timedFfmpeg(`${name}-measure`) }, file);
    await run([timedFfmpeg(`${name}-decode`), '-hide_banner', '-nostdin', '-threads', '1', '-i', file, '-f', 'null', '-']);
    const mib = (out: string) => Number(readFileSync(join(dir, out), 'utf8').trim().split('\n').at(-1)) / 1024;
    printFigure(`peak memory of the measuring ffmpeg, ${name}`, mib(`${name}-measure`), 'MiB', { name: 'decode only', value: mib(`${name}-decode`) });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
