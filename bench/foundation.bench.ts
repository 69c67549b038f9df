import { ADMIN, benchLogin, measureRequests, printFigure, startBenchServer } from './lib/harness.ts';
import { seedCatalogue } from './lib/seed.ts';

// Foundation figures: start-up, idle memory with the design's catalogue, login throughput.
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
  const hash = await Bun.password.hash(ADMIN.password, { algorithm: 'argon2id' });
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
