import { runCli } from './run.ts';

// `npm run cli -- <command> …` (src/compose/cli/run.ts has the commands; the binary calls it too).
process.exitCode = await runCli(process.argv.slice(2));
