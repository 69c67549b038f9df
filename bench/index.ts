/** `bun run bench`: runs every bench/*.bench.ts in its own process, one after another. */
const files = [...new Bun.Glob('bench/*.bench.ts').scanSync('.')].sort();
let failed = false;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const child = Bun.spawn([process.execPath, file], { stdout: 'inherit', stderr: 'inherit' });
  if ((await child.exited) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
export {};
