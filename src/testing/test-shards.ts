/**
 * How run-tests.ts splits test files over `bun test` processes: by each file's measured seconds
 * (src/testing/test-weights.json, written by `bun src/testing/run-tests.ts --record-weights`), so
 * the lanes end together instead of one long shard running on alone at the end.
 */
import { statSync } from 'node:fs';
import weightsFile from './test-weights.json' with { type: 'json' };

/** Seconds per test file, measured when the file ran alone; files not measured yet are absent. */
export type Weights = Readonly<Record<string, number>>;

export const MEASURED: Weights = weightsFile.seconds;

/**
 * Files that spend their time waiting on real time rather than the CPU (two minutes of sampling
 * playback sync): each runs in a `bun test` process of its own, beside the lanes, from the start.
 */
export const WAITING: readonly string[] = weightsFile.waiting;

export interface Shard {
  files: string[];
  /** The sum of its files' weights, in seconds. */
  weight: number;
}

/** Bytes per file, for weighing files not measured yet (a test's length roughly follows its size). */
export type Sizes = (file: string) => number;
const fileSize: Sizes = (file) => statSync(file).size;

/**
 * A file's weight: its measured seconds, or for a new file its size times the median seconds per
 * byte of the pass's measured files (1 s when none of them is measured).
 */
export function weightOf(file: string, files: string[], weights: Weights, sizeOf: Sizes = fileSize): number {
  if (weights[file] !== undefined) return weights[file]!;
  const rates = files.filter((other) => weights[other] !== undefined).map((other) => weights[other]! / Math.max(1, sizeOf(other))).sort((a, b) => a - b);
  return rates.length === 0 ? 1 : rates[Math.floor(rates.length / 2)]! * sizeOf(file);
}

/**
 * `files` in at most `count` shards, longest file first into the lightest shard (the greedy
 * longest-processing-time rule); the shards come back heaviest first.
 */
export function packShards(files: string[], count: number, weights: Weights = MEASURED, sizeOf: Sizes = fileSize): Shard[] {
  const weighed = files.map((file) => ({ file, weight: weightOf(file, files, weights, sizeOf) })).sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const shards: Shard[] = Array.from({ length: Math.max(1, Math.min(count, files.length)) }, () => ({ files: [], weight: 0 }));
  for (const { file, weight } of weighed) {
    const lightest = shards.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  return shards.filter((shard) => shard.files.length > 0).sort((a, b) => b.weight - a.weight);
}

/** Seconds per file from a `bun test --reporter=junit` report (its top-level `testsuite` elements). */
export function secondsFromJunit(xml: string): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const match of xml.matchAll(/^ {2}<testsuite name="[^"]*" file="([^"]+)"[^>]*? time="([\d.]+)"/gm)) {
    seconds[match[1]!] = Math.round(Number(match[2]) * 10) / 10;
  }
  return seconds;
}
