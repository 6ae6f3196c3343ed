import { parseArgs } from 'node:util';
import { fixtureItems } from './fixtures.ts';
import { startLocalHn } from './local-hn.ts';

/**
 * The local API as a process of its own, for Playwright's webServer list and manual runs:
 *   tsx sync-server/src/testing/local-hn/cli.ts --port 4010 [--latency 50]
 * It prints `HN_API_BASE=http://127.0.0.1:4010/v0`, answers `GET /health`, and holds the
 * fixture posts (fixtures.ts) until it is stopped.
 */
const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, latency: { type: 'string', default: '0' } } });
const local = await startLocalHn({ items: fixtureItems(), port: Number(values.port), latencyMs: Number(values.latency) });
console.log(`HN_API_BASE=${local.baseUrl}`);
const stop = () => void local.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
