import { describe, expect, test } from 'bun:test';

/** The jobs `npm test -- --plan <passes>` would run, one line each, without running them. */
async function plan(...passes: string[]): Promise<string[]> {
  const child = Bun.spawn([process.execPath, 'src/testing/run-tests.ts', '--plan', ...passes], { stdout: 'pipe', stderr: 'pipe' });
  const output = await new Response(child.stdout).text();
  expect(await child.exited).toBe(0);
  return output.split('\n').filter((line) => line.trim() !== '');
}

describe('npm test', () => {
  test('runs the browser pass in production mode, the server and island passes in development', async () => {
    const lines = await plan('browser', 'server', 'islands');
    const browser = lines.filter((line) => line.startsWith('browser'));
    const others = lines.filter((line) => !line.startsWith('browser'));
    expect(browser.length).toBeGreaterThan(1);
    expect(others.length).toBeGreaterThan(1);
    expect(browser.filter((line) => !line.includes(' NODE_ENV=production ./src/e2e/'))).toEqual([]);
    expect(others.filter((line) => line.includes('NODE_ENV'))).toEqual([]);
  });
});
