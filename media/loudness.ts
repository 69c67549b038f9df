import type { Ffmpeg } from './transcode.ts';

/** One file's EBU R128 reading: integrated loudness (LUFS) and true peak (dBTP, -Infinity for silence). */
export interface LoudnessReading {
  integrated: number;
  truePeakDb: number;
}

/** The measurement could not be made; `message` is the reason Settings shows. */
export class LoudnessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoudnessError';
  }
}

// framelog=verbose keeps the per-frame lines out of the info log: only the summary is printed.
const ffmpegArgs = (input: string) => ['-hide_banner', '-nostats', '-nostdin', '-threads', '1', '-i', input, '-map', '0:a:0', '-vn', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'];

const number = (text: string) => (text === '-inf' ? -Infinity : Number(text));

/** The summary ebur128 prints at the end: `I: -23.0 LUFS` and, under True peak, `Peak: -5.2 dBFS`. */
export function parseEbur128Summary(stderr: string): LoudnessReading | null {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /^\s*I:\s+(-?[\d.]+|-inf)\s+LUFS/m.exec(summary)?.[1];
  const peak = /True peak:\s*\n\s*Peak:\s+(-?[\d.]+|-inf)\s+dBFS/.exec(summary)?.[1];
  if (!summary.startsWith('Summary:') || integrated === undefined || peak === undefined) return null;
  const reading = { integrated: number(integrated), truePeakDb: number(peak) };
  return Number.isNaN(reading.integrated) || Number.isNaN(reading.truePeakDb) ? null : reading;
}

/** The last line ffmpeg wrote that says what went wrong, for a failure's reason. */
function lastErrorLine(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  return (lines.findLast((line) => /error|invalid|no such file|could not|failed/i.test(line)) ?? lines.at(-1) ?? '').slice(0, 300);
}

/**
 * Decodes the whole file through ffmpeg's ebur128 filter at low priority (nice 10 where `nice`
 * exists: the server keeps answering while it runs). Throws LoudnessError with ffmpeg's reason.
 */
export async function measureLoudness(ffmpeg: Ffmpeg, input: string, signal?: AbortSignal): Promise<LoudnessReading> {
  const nice = Bun.which('nice');
  const command = nice ? [nice, '-n', '10', ffmpeg.path, ...ffmpegArgs(input)] : [ffmpeg.path, ...ffmpegArgs(input)];
  const child = Bun.spawn(command, { stdin: 'ignore', stdout: 'ignore', stderr: 'pipe', signal });
  const stderr = await new Response(child.stderr).text();
  const code = await child.exited;
  if (signal?.aborted) throw new LoudnessError('Stopped');
  const reading = code === 0 ? parseEbur128Summary(stderr) : null;
  if (!reading) throw new LoudnessError(code === 0 ? 'ffmpeg gave no loudness reading' : `ffmpeg could not decode the file: ${lastErrorLine(stderr) || `exit code ${code}`}`);
  return reading;
}
