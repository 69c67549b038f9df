import { existsSync } from 'node:fs';
import { type Platform, compileBinary, writeReleaseEntry } from '../../src/compose/release/release.ts';

let entry: Promise<string> | null = null;

/** The release binary for `platform`, compiled from this checkout (setup, never timed). */
export async function releaseBinary(platform: Platform): Promise<string> {
  entry ??= writeReleaseEntry();
  return (await compileBinary(await entry, platform)).path;
}

/** How to run an arm64 binary here, or null without Debian's qemu-user-static and arm64 libc. */
export function arm64Runner(binary: string): { cmd: string[]; env: Record<string, string> } | null {
  const qemu = '/usr/bin/qemu-aarch64-static';
  const libc = '/usr/aarch64-linux-gnu';
  if (!existsSync(qemu) || !existsSync(libc)) return null;
  return { cmd: [qemu, binary], env: { QEMU_LD_PREFIX: libc } };
}
