import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { PRECOMPRESSED, PRECOMPRESSIBLE } from '#core/precompressed';

/**
 * Answers a request for a file under `publicDir` with the copy the build compressed (see
 * `#core/precompressed`) when the browser takes that encoding and the build wrote one. Anything
 * else goes on to the next handler: the plain file, compressed on the fly. `cacheControl` gives
 * the file's own caching.
 */
export function servePrecompressed(publicDir: string, cacheControl: (filePath: string) => string): RequestHandler {
  const root = path.resolve(publicDir);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSIBLE.test(req.path)) {
      next();
      return;
    }
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      next();
      return;
    }
    const chosen = PRECOMPRESSED.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    // A NUL in the path would make fs throw; the plain-file handler answers such a request.
    if (!file.startsWith(root + path.sep) || file.includes('\0') || chosen === undefined) {
      next();
      return;
    }
    const compressed = file + chosen.suffix;
    // A copy older than its file (the file replaced by hand, say) says something else: not sent.
    Promise.all([fs.promises.stat(file), fs.promises.stat(compressed)]).then(
      ([plain, stats]) => {
        if (!plain.isFile() || !stats.isFile() || stats.mtimeMs < plain.mtimeMs) {
          next();
          return;
        }
        // The type is the original file's; the body is its bytes in the chosen encoding.
        res.type(path.extname(file));
        res.sendFile(
          compressed,
          {
            acceptRanges: false,
            cacheControl: false,
            headers: {
              'Content-Encoding': chosen.encoding,
              Vary: 'Accept-Encoding',
              'Cache-Control': cacheControl(file),
              // The app turns Express's ETags off (see app.ts); a copy has its own, from its size and time.
              ETag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
            },
          },
          (sendError?: Error) => {
            if (sendError !== undefined && !res.headersSent) next(sendError);
          },
        );
      },
      () => {
        next();
      },
    );
  };
}
