import { Elysia, ValidationError } from 'elysia';
import { isDatabaseBusy } from '../../db/client.ts';
import { DISK_FULL_MESSAGE, isDiskFull } from '../../media/disk-full.ts';
import { HttpError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { ErrorDto } from '../shared/types.ts';

function json(status: number, error: string, headers: Record<string, string> = {}): Response {
  const body: ErrorDto = { error };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A person-readable sentence for a schema failure: the schema's own `error` text if it has one. */
function validationMessage(error: ValidationError): string {
  if (typeof error.customError === 'string') return error.customError;
  const first = error.all[0];
  if (!first) return 'Invalid request';
  const field = 'path' in first && first.path ? first.path.replace(/^\//, '').replace(/\//g, '.') : '';
  const summary = 'summary' in first && first.summary ? first.summary : first.message;
  return field ? `Invalid ${field}: ${summary}` : `Invalid request: ${summary}`;
}

export interface ErrorPluginOptions {
  log: Logger;
  /** Renders the HTML page for a non-API request that failed (pages issue); JSON otherwise. */
  renderPage?: (
    request: Request,
    status: number,
    message: string,
    headers: Record<string, string>,
  ) => Response | Promise<Response>;
}

/** drizzle wraps a driver's error in its own, with the SQLite error (and its code) as the cause. */
function driverError(error: unknown): unknown {
  return error instanceof Error && !('code' in error) && error.cause instanceof Error ? error.cause : error;
}

/**
 * The one place errors become responses: `{"error": message}` with the right status for the
 * API, never a stack trace. Unexpected errors are logged and answered with a generic 500.
 */
export function errorPlugin({ log, renderPage }: ErrorPluginOptions) {
  return new Elysia({ name: 'errors' })
    .onError(async ({ code, error, request, path, set }) => {
      const isApi = path.startsWith('/api/') || path === '/api';
      let status = 500;
      let message = 'Something went wrong on the server';
      let headers: Record<string, string> = {};
      // Elysia wraps whatever a parse hook throws (the auth check, the body limits, a busy
      // database while the session is read) in a ParseError: judge the error itself.
      const cause = code === 'PARSE' ? (error as Error).cause : undefined;
      if (cause instanceof Error && !(cause instanceof SyntaxError)) [error, code] = [cause as typeof error, 'UNKNOWN'];
      if (error instanceof HttpError) {
        status = error.status;
        message = error.message;
        headers = error.headers;
      } else if (error instanceof ValidationError || code === 'VALIDATION') {
        status = 400;
        message = validationMessage(error as ValidationError);
      } else if (code === 'PARSE') {
        status = 400;
        message = 'The request body is not valid JSON';
      } else if (code === 'NOT_FOUND') {
        status = 404;
        message = isApi ? 'No such API endpoint' : 'Page not found';
      } else if (code === 'INVALID_COOKIE_SIGNATURE') {
        status = 401;
        message = 'You need to sign in first';
      } else if (isDiskFull(driverError(error))) {
        status = 507;
        message = DISK_FULL_MESSAGE;
      } else if (isDatabaseBusy(driverError(error))) {
        status = 503;
        message = 'The server is busy with another change; please try again in a moment';
        headers = { 'retry-after': '2' };
      } else {
        log.error(`Unhandled error on ${request.method} ${path}`, error);
      }
      const response =
        !isApi && renderPage && request.method === 'GET' ? await renderPage(request, status, message, headers) : json(status, message, headers);
      // The request log reads the status from here: a rendered 404 page must log 404, not 200.
      set.status = response.status;
      return response;
    })
    .as('global');
}
