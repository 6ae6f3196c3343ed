import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { withoutSecrets } from '#core/secret-paths';
import type { Logger } from '../logger.ts';

const REQUEST_ID = /^[\w.-]{1,64}$/;
const REQUEST_ID_HEADER = 'X-Request-Id';

/** The request's id as `requestLogger` gave it (the client's own when sane), for log lines about it. */
export function requestIdOf(res: Response): string | undefined {
  const id = res.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : undefined;
}

/** A request path as it may be logged: without the query string and without secret segments. */
export function loggablePath(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return withoutSecrets(path);
}

/**
 * One structured line per request, written when the response is done ('close' comes after
 * 'finish', and also for an aborted request): the request id, method, path (no query string and
 * no secret segment: either may carry a token), status and time taken; 5xx at error level. Headers are left out so
 * credentials never reach the logs. Nothing is built for a request whose line the level hides:
 * this runs on every request, so it is kept to an id, a timestamp and one listener.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    const started = performance.now();
    res.once('close', () => {
      const { statusCode } = res;
      const failed = statusCode >= 500;
      if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
      const line = {
        req: { id, method: req.method, path: loggablePath(req.originalUrl) },
        res: { statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (failed) logger.error(line, 'request errored');
      else if (!res.writableFinished) logger.info(line, 'request aborted by the client');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
