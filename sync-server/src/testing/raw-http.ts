import http from 'node:http';
import zlib from 'node:zlib';

export interface RawRequest {
  readonly method: string;
  /** Path and query as they go on the request line, unencoded: `/api/x?a=%ZZ` stays as it is. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The body as text, decompressed when the server compressed it. */
  readonly text: string;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  // A HEAD answer or a 304 names the encoding of a body it does not carry.
  if (body.length === 0) return body;
  switch (encoding) {
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    case 'br':
      return zlib.brotliDecompressSync(body);
    default:
      return body;
  }
}

/**
 * One HTTP request exactly as given, with node:http rather than fetch: any method may carry a
 * body, the path is sent unnormalized, and the headers are not rewritten. For tests that send
 * what no browser would (fuzzing, protocol edge cases).
 */
export function rawRequest(baseUrl: string, request: RawRequest, agent?: http.Agent): Promise<RawResponse> {
  const url = new URL(baseUrl);
  // node:http sends a GET's or DELETE's body without a length unless told: the server would
  // read it as the next request.
  const headers = request.body === undefined ? request.headers : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const encoding = response.headers['content-encoding'];
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text: decoded(Buffer.concat(chunks), encoding).toString('utf8') });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
