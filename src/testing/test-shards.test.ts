import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { MEASURED, WAITING, packShards, secondsFromJunit, weightOf } from './test-shards.ts';

describe('test shards', () => {
  test('longest file first into the lightest shard, heaviest shard first', () => {
    const weights = { 'a.test.ts': 120, 'b.test.ts': 40, 'c.test.ts': 35, 'd.test.ts': 30, 'e.test.ts': 10 };
    const shards = packShards(Object.keys(weights), 3, weights);
    expect(shards.map((shard) => shard.files)).toEqual([['a.test.ts'], ['c.test.ts', 'd.test.ts'], ['b.test.ts', 'e.test.ts']]);
    expect(shards.map((shard) => shard.weight)).toEqual([120, 65, 50]);
  });

  test('no empty shards, and a file not measured yet weighs its size at the median rate of those that were', () => {
    const weights = { 'a.test.ts': 1, 'b.test.ts': 5, 'c.test.ts': 9 };
    const sizes: Record<string, number> = { 'a.test.ts': 1000, 'b.test.ts': 1000, 'c.test.ts': 3000, 'new.test.ts': 2000 };
    const sizeOf = (file: string) => sizes[file]!;
    // Seconds per byte: 0.001, 0.005, 0.003; the median 0.003 times 2000 bytes.
    expect(weightOf('new.test.ts', Object.keys(sizes), weights, sizeOf)).toBeCloseTo(6);
    expect(weightOf('new.test.ts', ['new.test.ts'], weights, sizeOf)).toBe(1);
    const shards = packShards(['a.test.ts', 'c.test.ts', 'new.test.ts'], 8, weights, sizeOf);
    expect(shards.map((shard) => shard.files)).toEqual([['c.test.ts'], ['new.test.ts'], ['a.test.ts']]);
  });

  test('every weight is a measured number of seconds', () => {
    expect(Object.keys(MEASURED).length).toBeGreaterThan(0);
    for (const [file, seconds] of Object.entries(MEASURED)) {
      expect(file).toMatch(/\.(test|spec)\.tsx?$/);
      expect(seconds).toBeGreaterThanOrEqual(0);
    }
  });

  test('each file run beside the lanes is a browser test that exists', () => {
    expect(WAITING).toContain('src/e2e/family-room-sync.test.ts');
    for (const file of WAITING) {
      expect(file).toMatch(/^src\/e2e\/.+\.test\.ts$/);
      expect(existsSync(file)).toBe(true);
    }
  });

  test('reads seconds per file from a junit report, not those of its describe blocks', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="bun test" tests="2" assertions="3" failures="0" skipped="0" time="1.5">',
      '  <testsuite name="media/sniff.test.ts" file="media/sniff.test.ts" tests="1" assertions="2" failures="0" skipped="0" time="1.2345" hostname="vm">',
      '    <testsuite name="sniff" file="media/sniff.test.ts" line="18" tests="1" assertions="2" failures="0" skipped="0" time="0.021" hostname="vm">',
      '    </testsuite>',
      '  </testsuite>',
      '  <testsuite name="db/client.test.ts" file="db/client.test.ts" tests="1" assertions="1" failures="0" skipped="0" time="0.04" hostname="vm">',
      '  </testsuite>',
      '</testsuites>',
    ].join('\n');
    expect(secondsFromJunit(xml)).toEqual({ 'media/sniff.test.ts': 1.2, 'db/client.test.ts': 0 });
  });
});
