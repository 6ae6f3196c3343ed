/**
 * Lets the driver send the queries issued so far, so that the database works on them during a
 * stretch of CPU work that follows, instead of after it. postgres.js hands a query to its
 * connection on a microtask and writes messages under 1 KB on the next check phase
 * (setImmediate); this waits for both. Only a matter of speed: if the driver changed, the
 * queries would simply leave after the CPU work.
 *
 * A reply can arrive while this waits: give the pending queries' promise a handler first
 * (`pending.catch(() => undefined)`, then await `pending` itself later), or a failed query would
 * be an unhandled rejection.
 */
export async function sendIssued(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
}
