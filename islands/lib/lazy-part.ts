import { type ComponentType, lazy } from 'react';
import { loadOnServer } from '../../src/shared/server-parts.ts';

type Loaded<P> = { default: ComponentType<P> };

/**
 * A component kept out of the first-load JavaScript, in its own chunk. Once loaded (on the
 * server at start, in the browser on first use or `preload`), React gets a thenable that
 * resolves at once: the server renders it in place and a later render never suspends.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  // A failed download (offline, a deploy in between) is forgotten, so the next use tries again.
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Component = lazy<ComponentType<P>>(() => {
    const ready = loaded;
    if (!ready) return preload().then((component) => ({ default: component }));
    return { then: (resolve: (value: Loaded<P>) => void) => resolve({ default: ready }) } as Promise<Loaded<P>>;
  });
  if (typeof window === 'undefined') loadOnServer(preload());
  return { Component, preload };
}
