import { ARGON2, HASH_SLOTS } from '../src/services/accounts/passwords.ts';
import { createUser } from '../src/services/accounts/users.ts';
import { ADMIN, benchLogin, measureRequests, printFigure, rssOf, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// Foundation figures: start-up, idle memory with the benchmark catalogue, login throughput.
const STARTS = 5;
const LOGINS = 40;
const CONCURRENCY = 4;

const startups: number[] = [];
for (let i = 0; i < STARTS; i++) {
  const server = await startBenchServer();
  startups.push(server.startupMs);
  await server.stop();
}
startups.sort((a, b) => a - b);
printFigure('start-up to first answered request (median of 5, empty data)', startups[2]!, 'ms', undefined, '< 1000 ms');

const server = await startBenchServer({ seed: (db) => seedCatalogue(db) });
try {
  await benchLogin(server.url); // first admin is created on start; warm up
  await Bun.sleep(1000);
  printFigure('idle RSS with 50,000 songs', server.rssMb(), 'MiB', undefined, '< 120 MiB');

  const login = await measureRequests({
    requests: LOGINS,
    concurrency: CONCURRENCY,
    run: async () => {
      await benchLogin(server.url);
    },
  });
  const hash = await Bun.password.hash(ADMIN.password, ARGON2);
  const verify = await measureRequests({
    requests: LOGINS,
    concurrency: CONCURRENCY,
    run: async () => {
      await Bun.password.verify(ADMIN.password, hash);
    },
  });
  printFigure(`login throughput (${CONCURRENCY} clients)`, login.rps, 'req/s', { name: 'Bun.password.verify alone', value: verify.rps });
  printFigure('login p50', login.p50Ms, 'ms', { name: 'verify alone p50', value: verify.p50Ms });
} finally {
  await server.stop();
}

// Memory of a burst of logins: 20 family members signing in at once. Each argon2id hash holds
// its memory cost while it runs; the server runs at most a few at a time.
const PARALLEL_LOGINS = 20;
// Samples /proc every millisecond while `during` runs (a process that has exited reads as 0).
const samplePeakRss = async (pid: number, during: Promise<unknown>): Promise<number> => {
  const rss = () => {
    try {
      return rssOf(pid);
    } catch {
      return 0;
    }
  };
  let peak = rss();
  let done = false;
  void during.finally(() => (done = true));
  while (!done) {
    peak = Math.max(peak, rss());
    await Bun.sleep(1);
  }
  return Math.max(peak, rss());
};
const family = Array.from({ length: PARALLEL_LOGINS }, (_, i) => ({ username: `member${i}`, password: `member-password-${i}` }));
const burst = await startBenchServer({
  seed: async (db) => {
    for (const member of family) await createUser(db, { ...member, isAdmin: false });
  },
});
try {
  await benchLogin(burst.url); // warm up: routes compiled, first hash done
  await Bun.sleep(500);
  const before = burst.rssMb();
  const peak = await samplePeakRss(burst.pid, Promise.all(family.map((member) => benchLogin(burst.url, member))));
  // The old cost, measured the same way: Bun's default argon2id (64 MiB), all 20 at once.
  const script = `const h = await Bun.password.hash('x', { algorithm: 'argon2id' }); console.log('ready'); await Bun.sleep(300); await Promise.all(Array.from({ length: ${PARALLEL_LOGINS} }, () => Bun.password.verify('x', h)));`;
  const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'inherit' });
  await child.stdout.getReader().read(); // "ready": the one hash is done, the burst starts in 300 ms
  const childBefore = rssOf(child.pid);
  const unbounded = await samplePeakRss(child.pid, child.exited);
  printFigure(`peak RSS growth, ${PARALLEL_LOGINS} parallel logins`, peak - before, 'MiB', { name: `${PARALLEL_LOGINS} parallel verifies at Bun's default, unbounded`, value: unbounded - childBefore }, `< ${HASH_SLOTS * 19 + 20} MiB (${HASH_SLOTS} hashes of 19 MiB at once)`);
  printFigure(`peak RSS during ${PARALLEL_LOGINS} parallel logins`, peak, 'MiB', { name: 'RSS before', value: before });
} finally {
  await burst.stop();
}
