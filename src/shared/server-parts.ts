/**
 * Parts of the client code kept out of the first-load JavaScript (islands/lib/lazy-part.ts, the
 * admin area in islands/app/app-shell.tsx) start loading on the server as their modules are
 * imported. The renderer waits for them before it renders a page, so a page showing one has it in
 * place in its HTML, never a fallback streamed over when the load ends (a request arriving right
 * after start). A failed load is left to the part's own retry: the page then streams it in.
 */
const loads: Promise<unknown>[] = [];

export function loadOnServer(load: Promise<unknown>): void {
  loads.push(load.catch(() => undefined));
}

/** Resolves once every part is loaded, those the loaded parts start themselves included. */
export async function serverPartsLoaded(): Promise<void> {
  for (let waitedFor = -1; waitedFor !== loads.length; ) {
    waitedFor = loads.length;
    await Promise.all(loads);
  }
}
