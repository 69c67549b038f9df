import { afterAll, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../render/build-paths.ts';
import { makeTempDir } from '../testing/server.ts';

const dir = makeTempDir('hearth-start-imports-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` in a fresh Bun where loading a file matching `forbidden` throws. */
async function runForbidding(forbidden: RegExp, script: string) {
  const guard = join(dir, 'guard.ts');
  writeFileSync(guard, `Bun.plugin({ setup(build) { build.onLoad({ filter: ${forbidden} }, (args) => { throw new Error('loaded ' + args.path); }); } });`);
  const child = Bun.spawn([process.execPath, '--preload', guard, '-e', script], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { out: out.trim(), err, code };
}

// The server's module graph keeps the tag parser out until a file is read (an upload, a scan),
// and the QR code maker until a family room shows its code (routes/rooms tests its first use).
test('the app loads no tag parser nor QR code maker at start, and reads a file on first use', async () => {
  const app = JSON.stringify(join(ROOT, 'src/compose/app.ts'));
  const started = await runForbidding(/node_modules\/(music-metadata|strtok3|qrcode)\//, `await import(${app}); console.log('loaded the app');`);
  expect(started.err).not.toContain('loaded ');
  expect(started.out).toBe('loaded the app');
  expect(started.code).toBe(0);

  const metadata = JSON.stringify(join(ROOT, 'media/metadata.ts'));
  const fixture = JSON.stringify(join(ROOT, 'media/testdata/tagged.mp3'));
  const used = Bun.spawn([process.execPath, '-e', `const { readAudioTags } = await import(${metadata}); const tags = await readAudioTags(${fixture}); console.log(tags.title !== null && tags.duration > 0);`], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' });
  expect((await new Response(used.stdout).text()).trim()).toBe('true');
}, 60_000);

// Bun tries a module again after a failed load; a remembered rejection would instead fail every
// later upload and import ("not a supported audio format") until the server restarts.
test('a first load of the tag parser that fails is tried again at the next file', async () => {
  const guard = join(dir, 'fail-once.ts');
  writeFileSync(
    guard,
    `let failed = false;
Bun.plugin({ setup(build) { build.onLoad({ filter: /node_modules\\/music-metadata\\/lib\\/index\\.js$/ }, async (args) => {
  if (!failed) { failed = true; throw new Error('EMFILE: too many open files'); }
  return { contents: await Bun.file(args.path).text(), loader: 'js' };
}); } });`,
  );
  const metadata = JSON.stringify(join(ROOT, 'media/metadata.ts'));
  const fixture = JSON.stringify(join(ROOT, 'media/testdata/tagged.mp3'));
  const script = `const { readAudioTags } = await import(${metadata});
const attempt = () => readAudioTags(${fixture}).then((tags) => 'read ' + (tags.duration > 0), (error) => 'failed ' + error.message);
console.log(await attempt()); console.log(await attempt());`;
  const child = Bun.spawn([process.execPath, '--preload', guard, '-e', script], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' });
  const lines = (await new Response(child.stdout).text()).trim().split('\n');
  expect(lines).toEqual(['failed EMFILE: too many open files', 'read true']);
}, 60_000);
