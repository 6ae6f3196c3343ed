import type { ErrorRequestHandler, RequestHandler } from 'express';
import { apiErrorCodeForStatus, type ApiErrorBody } from '#core/schemas/api-error';
import type { Logger } from '../logger.ts';
import { ApiError } from './api-error.ts';
import { RateLimitedError } from './rate-limit.ts';
import { loggablePath, requestIdOf } from './request-log.ts';

/** The shape of the errors Express's body parsers and static files raise (the http-errors package). */
interface HttpClientError {
  readonly status: number;
  readonly type?: unknown;
}

function isHttpClientError(error: unknown): error is HttpClientError {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function clientErrorBody(error: HttpClientError): ApiErrorBody {
  switch (error.type) {
    case 'entity.parse.failed':
      return { error: 'INVALID_JSON', message: 'The request body is not valid JSON.' };
    case 'entity.too.large':
      return { error: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body encoding is not supported.' };
    default:
      return { error: apiErrorCodeForStatus(error.status) };
  }
}

/**
 * A request its client gave up on before the answer was sent (a closed tab, a cancelled fetch,
 * a browser stopping a file it no longer needs), as Express's file sending reports it.
 */
function isAbortedByClient(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ECONNABORTED';
}

/** Unknown `/api` paths answer JSON, never the app shell. */
export const apiNotFound: RequestHandler = (_req, res) => {
  const body: ApiErrorBody = { error: 'NOT_FOUND', message: 'No such API endpoint.' };
  res.status(404).json(body);
};

/**
 * Maps thrown errors to the error contract: domain errors keep their code, malformed requests
 * become 4xx, anything else is logged (with the request's id) and answered with a bare INTERNAL
 * (no stack, no message).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof ApiError) {
      if (error instanceof RateLimitedError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      res.status(error.status).json(error.toBody());
      return;
    }
    if (isHttpClientError(error)) {
      res.status(error.status).json(clientErrorBody(error));
      return;
    }
    // Nobody is left to answer, and nothing went wrong here: the request's own log line says it was aborted.
    if (isAbortedByClient(error)) return;
    logger.error({ err: error, req: { id: requestIdOf(res), method: req.method, path: loggablePath(req.originalUrl) } }, 'unexpected error');
    const body: ApiErrorBody = { error: 'INTERNAL' };
    res.status(500).json(body);
  };
}
