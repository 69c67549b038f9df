import { dirname } from 'node:path';
import type { PreviewJob, PreviewReply } from './image-worker.ts';

/** Long enough for a 16-megapixel JPEG on a Raspberry Pi; a stuck decode is ended. */
const JOB_TIMEOUT_MS = 60_000;
/** An idle worker is ended, so its heap (tens of MB after a big image) goes back. */
const IDLE_MS = 30_000;

interface Queued {
  job: Omit<PreviewJob, 'id'>;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * In the single binary the worker is an entry of its own, kept at its path from the repository
 * root beside the main module (src/compose/release/release.ts compiles it in as media/image-worker.ts).
 */
const WORKER_URL =
  typeof HEARTH_BINARY !== 'undefined' ? `${dirname(Bun.main)}/media/image-worker.ts` : new URL('./image-worker.ts', import.meta.url).href;

let worker: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | null = null;
const queue: Queued[] = [];
let busy = false;
let nextId = 1;
let decodes = 0;

/** How many decodes have started in this process (tests count them). */
export const previewDecodes = () => decodes;

function ensureWorker(): Worker {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!worker) {
    worker = new Worker(WORKER_URL);
    (worker as Worker & { unref(): void }).unref(); // never what keeps the process alive at shutdown
  }
  return worker;
}

function retire() {
  worker?.terminate();
  worker = null;
}

function runOne(item: Queued, w: Worker): Promise<void> {
  const id = nextId++;
  decodes += 1;
  return new Promise<void>((resolve, reject) => {
    // A stuck or crashed worker is replaced; a file it could not decode is just an error.
    const timer = setTimeout(() => done(new Error('preview decode timed out'), true), JOB_TIMEOUT_MS);
    const onMessage = (event: MessageEvent<PreviewReply>) => {
      if (event.data.id !== id) return;
      done(event.data.ok ? null : Object.assign(new Error(event.data.error), { code: event.data.code }), false);
    };
    const onError = (event: ErrorEvent) => done(new Error(event.message || 'preview worker failed'), true);
    const done = (error: Error | null, fatal: boolean) => {
      clearTimeout(timer);
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      if (fatal) retire();
      if (error) reject(error);
      else resolve();
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    w.postMessage({ ...item.job, id } satisfies PreviewJob);
  }).then(item.resolve, item.reject);
}

async function drain() {
  if (busy) return;
  busy = true;
  try {
    for (let item = queue.shift(); item; item = queue.shift()) await runOne(item, ensureWorker());
  } finally {
    busy = false;
    idleTimer = setTimeout(retire, IDLE_MS);
    idleTimer.unref?.();
  }
}

/**
 * Decodes `source`, crops it to a `size`×`size` JPEG at `target`, in a worker thread; one
 * decode at a time across the process, so memory holds one image however many ask.
 */
export function decodePreview(source: string, target: string, size: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    queue.push({ job: { source, target, size }, resolve, reject });
    void drain();
  });
}
