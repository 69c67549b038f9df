import { Elysia } from 'elysia';
import type { LogLevel } from '../config.ts';
import type { Logger } from '../logger.ts';

const started = new WeakMap<Request, number>();

/** One line per request: method, path, status, milliseconds (at LOG_LEVEL info). */
export function requestLogPlugin(log: Logger, level: LogLevel) {
  // Above info no line is written: no hooks, so no request pays for timing it.
  if (level !== 'info' && level !== 'debug') return new Elysia({ name: 'request-log' });
  return new Elysia({ name: 'request-log' })
    .onRequest(({ request }) => {
      started.set(request, performance.now());
    })
    .onAfterResponse(({ request, path, set, responseValue }) => {
      const start = started.get(request);
      const ms = start === undefined ? 0 : performance.now() - start;
      const status = responseValue instanceof Response ? responseValue.status : (set.status ?? 200);
      log.info(`${request.method} ${path} ${status} ${ms.toFixed(1)}ms`);
    })
    .as('global');
}
