import { afterAll } from 'bun:test';
import { closeSharedBrowser } from './browser.ts';

// Preloaded by run-tests.ts for the browser pass: a hook in a preloaded file runs once after every
// file of the process. Chromium closed this way exits and is waited for, so the CPU time the runner
// reports for a shard includes Chromium's, and no renderer outlives the run.
afterAll(closeSharedBrowser);
