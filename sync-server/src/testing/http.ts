import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves an app (or a local stand-in for an outside service) on a free loopback port, so tests
 * send real HTTP requests with fetch. `port`: a given one instead (a restarted instance at the
 * address of the one it replaces).
 */
export async function serve(handler: http.RequestListener, port = 0): Promise<TestServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
