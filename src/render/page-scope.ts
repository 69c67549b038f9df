import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/client.ts';
import type { UserDto } from '../shared/types.ts';

/**
 * What every page server component can reach besides its props: the request's scope, held
 * in async-local storage rather than props so React's dev-mode debug info never serialises
 * the database handle into the page. A page sets `status` while it renders (404 for a
 * missing share); the response status is read once the shell is ready.
 */
export interface PageScope {
  db: Db;
  now: number;
  /** Absolute origin for share links and preview tags (PUBLIC_URL or the request's). */
  origin: string;
  path: string;
  user: UserDto | null;
  css: string;
  status: number;
  /** When the rendered content stops being true (ms); a cached copy must not outlive it. */
  expiresAt?: number;
}

export const scopeStorage = new AsyncLocalStorage<PageScope>();

export function pageScope(): PageScope {
  const scope = scopeStorage.getStore();
  if (!scope) throw new Error('pageScope() called outside a page render');
  return scope;
}
