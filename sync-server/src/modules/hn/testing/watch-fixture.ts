import webpush from 'web-push';
import { hnCommentsPushSchema, type HnCommentsPush } from '#core/hn/notify';
import type { PushPurpose } from '#core/schemas/reminders';
import type { Sql } from '../../../db/client.ts';
import { createHnPushSender } from '../../../jobs/hn-watch.ts';
import { createHnClient } from '../../../providers/hacker-news.ts';
import type { PushSender } from '../../../providers/push.ts';
import type { LocalHn } from '../../../testing/local-hn/local-hn.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { saveSubscription } from '../../reminders/service.ts';
import { browserKeys, LOCAL_PUSH_ENDPOINTS, type BrowserKeys, type PushEndpoint } from '../../reminders/testing/push-endpoint.ts';
import { addNewTracker } from '../service.ts';
import { createThreadLoader, type ThreadLoader } from '../thread-loader.ts';
import { runHnWatch, type HnWatchResult } from '../watch.ts';

/**
 * The watch job's tests: people with browsers subscribed at the local push endpoint, trackers
 * added the way the app adds them, and an instance of the job (its own loader, the real sender
 * with the tracker's push settings) on a clock the test moves.
 */

export const VAPID_KEYS = webpush.generateVAPIDKeys();

export interface Clock {
  now: number;
}

export interface Instance {
  readonly threads: ThreadLoader;
  pass(): Promise<HnWatchResult>;
}

export async function watchInstance(sql: Sql, local: LocalHn, clock: Clock): Promise<Instance> {
  const threads = createThreadLoader({ sql, client: createHnClient({ baseUrl: local.baseUrl, backoffMs: 5 }), clock: () => clock.now });
  const sender: PushSender = await createHnPushSender(sql, { vapidKeys: VAPID_KEYS, subject: null, allowLoopbackEndpoints: true });
  return { threads, pass: () => runHnWatch({ sql, threads, sender, batchSize: 5 }, clock.now) };
}

export interface Person extends TestUser {
  /** The path of their browser's subscription at the push endpoint; null when they have none. */
  readonly path: string | null;
  readonly browser: BrowserKeys;
}

let people = 0;

export async function person(sql: Sql, endpoint: PushEndpoint, options: { pro?: boolean; subscribed?: boolean; now: number }): Promise<Person> {
  const user = await createTestUser(sql, `watcher${String(++people)}@example.test`, options.pro === true ? 1 : 0);
  const browser = browserKeys();
  if (options.subscribed === false) return { ...user, path: null, browser };
  const path = await subscribe(sql, endpoint, user.userId, browser, options.now);
  return { ...user, path, browser };
}

/** Saves a browser's subscription for the person, as the tracker's switch does (or another `purpose`'s); returns its path. */
export async function subscribe(sql: Sql, endpoint: PushEndpoint, userId: string, browser: BrowserKeys, now: number, purpose: PushPurpose = 'hn-comments'): Promise<string> {
  const path = `/push/${userId}`;
  const subscription = { endpoint: `${endpoint.url}${path}`, keys: { p256dh: browser.p256dh, auth: browser.auth }, purpose };
  await saveSubscription(sql, userId, subscription, now, LOCAL_PUSH_ENDPOINTS);
  return path;
}

export async function track(sql: Sql, threads: ThreadLoader, who: Person, link: string): Promise<string> {
  const { item } = await addNewTracker({ sql, threads }, who.userId, link);
  return item._id;
}

/** The notices the person's browser received, decrypted, in order. */
export function noticesOf(endpoint: PushEndpoint, who: Person): HnCommentsPush[] {
  return endpoint.received
    .filter((push) => push.path === who.path)
    .map((push) => hnCommentsPushSchema.parse(JSON.parse(who.browser.decrypt(push.body))));
}
