/** The API's cap on ids per bulk request (BULK_MAX in src/shared/schemas/song.ts). */
export const BULK_CHUNK = 1000;

/** A chunk the server refused: its 1-based positions in the selection, its ids, the reason. */
export interface ChunkFailure {
  from: number;
  to: number;
  ids: number[];
  message: string;
}

export interface ChunkedResult {
  /** Ids of the chunks that succeeded, in order. */
  done: number[];
  failed: ChunkFailure[];
}

/**
 * Sends `ids` in chunks of `size`, one after another (each request is all or nothing on the
 * server, and sequential chunks keep the write lock free for others). A failed chunk does not
 * stop the rest: what succeeded stays done, and the failures say exactly which songs.
 * `onChunk(end, total)` reports the chunk about to be sent (its last position).
 */
export async function runChunked(
  ids: readonly number[],
  send: (chunk: number[]) => Promise<unknown>,
  onChunk: (end: number, total: number) => void = () => {},
  size = BULK_CHUNK,
): Promise<ChunkedResult> {
  const result: ChunkedResult = { done: [], failed: [] };
  for (let start = 0; start < ids.length; start += size) {
    const chunk = ids.slice(start, start + size);
    onChunk(start + chunk.length, ids.length);
    try {
      await send(chunk);
      result.done.push(...chunk);
    } catch (error) {
      result.failed.push({ from: start + 1, to: start + chunk.length, ids: chunk, message: reason(error) });
    }
  }
  return result;
}

const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Request failed');

export const count = (n: number) => n.toLocaleString('en-US');

/**
 * "Songs 2,001–3,000 failed: <server message>": positions in the selection as the list shows
 * it. A selection that failed whole says so instead ("All 12 songs failed: …").
 */
export function describeFailure(failure: ChunkFailure, total: number): string {
  const which =
    failure.from === 1 && failure.to === total
      ? total === 1 ? 'The song' : `All ${count(total)} songs`
      : failure.from === failure.to ? `Song ${count(failure.from)}` : `Songs ${count(failure.from)}–${count(failure.to)}`;
  return `${which} failed: ${failure.message}`;
}

/** "Publishing 3,000 of 5,000…" */
export const progressText = (verb: string, end: number, total: number) => `${verb} ${count(end)} of ${count(total)}…`;
