/** Inline-script-safe JSON: `<` can't end the script, U+2028/2029 can't end a JS line. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The global the client entry reads Flight chunks from (see client-entry.tsx). */
const FLIGHT_GLOBAL = '__hearthFlight';

function flightScript(text: string, nonce: string): string {
  return `<script nonce="${escapeAttribute(nonce)}">(self.${FLIGHT_GLOBAL}||=[]).push(${scriptSafeJson(text)})</script>`;
}

async function collectFlight(flight: ReadableStream<Uint8Array>, nonce: string): Promise<string> {
  const decoder = new TextDecoder();
  let scripts = '';
  for await (const chunk of flight) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) scripts += flightScript(text, nonce);
  }
  const rest = decoder.decode();
  return rest ? scripts + flightScript(rest, nonce) : scripts;
}

/**
 * Streams React's HTML through, adding `headHtml` right after `<head>` (before first paint)
 * and the inlined Flight payload just before `</body>`. Chunks React flushes mid-document are
 * passed on at once, so the head goes out with the first bytes.
 */
export function composeHtml(
  html: ReadableStream<Uint8Array>,
  flight: ReadableStream<Uint8Array>,
  nonce: string,
  headHtml: string,
): ReadableStream<Uint8Array> {
  const flightScripts = collectFlight(flight, nonce);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let pending = '';
      let headDone = false;
      try {
        for await (const chunk of html) {
          pending += decoder.decode(chunk, { stream: true });
          if (!headDone) {
            const at = pending.indexOf('<head>');
            if (at < 0) continue;
            pending = pending.slice(0, at + 6) + headHtml + pending.slice(at + 6);
            headDone = true;
          }
          // Hold back from "</body>" on: the Flight scripts go in front of it.
          const end = pending.indexOf('</body>');
          const ready = end < 0 ? pending.length : end;
          if (ready > 0) controller.enqueue(encoder.encode(pending.slice(0, ready)));
          pending = pending.slice(ready);
        }
        pending += decoder.decode();
        controller.enqueue(encoder.encode((await flightScripts) + pending));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
