import { assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../lib/api-client';
import { getPushKey } from '../../lib/push/get-push-key';
import { ensureNotificationPermission, notificationPermission, type PushSupport } from '../../lib/push/push-support';
import { registerSubscription } from '../../lib/push/register-subscription';
import { pushStatus, releasePush } from '../../lib/push/release-push';
import { PushSubscribeError, subscribePush, type BrowserSubscription } from '../../lib/push/subscribe-push';

/**
 * The tracker's "notify me of new comments on this device" switch. This browser's push
 * subscription is shared with the daily reminder, so the switch says what the server keeps for
 * it (checking), turns it on for the notices (permission, the server's key, the browser's
 * subscription, the server) and lets go of it for the notices only (turning off). Every side
 * effect is a named actor; the screen asks `hasTag('enabled')`, `hasTag('busy')` and
 * `can({ type: 'TURN_ON' })`, and words `context.problem`.
 */

export interface HnNotifyInput {
  readonly support: PushSupport;
  readonly online: boolean;
}

export type HnNotifyEvent =
  | { readonly type: 'TURN_ON' }
  | { readonly type: 'TURN_OFF' }
  /** The browser's belief about the network changed. */
  | { readonly type: 'CONNECTION'; readonly online: boolean };

/** Why the switch is not where the person last put it, or what could not be done. */
export const HN_NOTIFY_PROBLEMS = [
  'offline',
  'dismissed',
  'blocked',
  'unsupported',
  'noPushService',
  'serverUnreachable',
  'endpointRefused',
  'subscriptionTaken',
  'failed',
  'turnOffOffline',
  'turnOffFailed',
  'checkOffline',
  'checkFailed',
] as const;
export type HnNotifyProblem = (typeof HN_NOTIFY_PROBLEMS)[number];

/** What this device has now: notices on, off, or off because notifications are blocked for the site. */
export type NotifyReading = 'on' | 'off' | 'blocked';

interface HnNotifyContext {
  readonly support: PushSupport;
  readonly online: boolean;
  readonly problem: HnNotifyProblem | null;
  /** Whether the server was asked what it keeps for this browser (offline at the start it was not). */
  readonly checked: boolean;
  /** Set while turning on: the server's key, then the browser's subscription. */
  readonly publicKey: string | null;
  readonly subscription: BrowserSubscription | null;
}

/** How long the browser's push service gets to answer pushManager.subscribe, which can hang forever. */
export const PUSH_SERVICE_TIMEOUT_MS = 15_000;

/** A failed step of turning on, as the person can act on it. */
export function turnOnProblem(error: unknown): HnNotifyProblem {
  if (error instanceof PushSubscribeError) {
    return error.reason === 'blocked' ? 'blocked' : error.reason === 'unsupported' ? 'unsupported' : 'noPushService';
  }
  if (!isApiError(error)) return 'failed';
  if (error.kind === 'offline') return 'offline';
  if (error.kind === 'network') return 'serverUnreachable';
  if (error.code === 'PUSH_ENDPOINT_REFUSED') return 'endpointRefused';
  if (error.code === 'SUBSCRIPTION_TAKEN') return 'subscriptionTaken';
  return 'failed';
}

const offlineOr = (error: unknown, offline: HnNotifyProblem, otherwise: HnNotifyProblem): HnNotifyProblem =>
  isApiError(error) && error.kind === 'offline' ? offline : otherwise;

function known<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is not known yet`);
  return value;
}

/** What the server keeps for this browser, read only where notifications can be shown at all. */
async function readNotify(): Promise<NotifyReading> {
  if (notificationPermission() === 'denied') return 'blocked';
  return (await pushStatus()).hnComments ? 'on' : 'off';
}

export const hnNotifyMachine = setup({
  types: {
    context: {} as HnNotifyContext,
    events: {} as HnNotifyEvent,
    input: {} as HnNotifyInput,
    tags: {} as 'enabled' | 'busy',
  },
  actors: {
    readState: fromPromise<NotifyReading>(() => readNotify()),
    /** Notification permission; prompts only when the person has not decided yet. */
    requestPermission: fromPromise<NotificationPermission>(() => ensureNotificationPermission()),
    fetchPushKey: fromPromise<string>(() => getPushKey()),
    subscribeBrowser: fromPromise<BrowserSubscription, { publicKey: string }>(({ input }) => subscribePush(input.publicKey)),
    register: fromPromise<undefined, { subscription: BrowserSubscription }>(async ({ input }) => {
      await registerSubscription(input.subscription, 'hn-comments');
      return undefined;
    }),
    release: fromPromise(() => releasePush('hn-comments')),
  },
  guards: {
    pushAvailable: ({ context }) => context.support === 'supported',
    isOffline: ({ context }) => !context.online,
    readingIs: (_, params: { reading: NotifyReading; expected: NotifyReading }) => params.reading === params.expected,
    permissionIs: (_, params: { permission: NotificationPermission; expected: NotificationPermission }) =>
      params.permission === params.expected,
    uncheckedAndOnline: ({ context }, params: { online: boolean }) => params.online && !context.checked,
  },
  actions: {
    rememberConnection: assign((_, params: { online: boolean }) => ({ online: params.online })),
    report: assign((_, params: { problem: HnNotifyProblem }) => ({ problem: params.problem })),
    rememberKey: assign((_, params: { publicKey: string }) => ({ publicKey: params.publicKey })),
    rememberSubscription: assign((_, params: { subscription: BrowserSubscription }) => ({ subscription: params.subscription })),
    startAttempt: assign({ problem: null, publicKey: null, subscription: null }),
    markChecked: assign({ checked: true }),
  },
  delays: { pushServiceTimeout: PUSH_SERVICE_TIMEOUT_MS },
}).createMachine({
  id: 'hnNotify',
  context: ({ input }) => ({ support: input.support, online: input.online, problem: null, checked: false, publicKey: null, subscription: null }),
  initial: 'starting',
  on: {
    CONNECTION: { actions: { type: 'rememberConnection', params: ({ event }) => ({ online: event.online }) } },
  },
  states: {
    starting: {
      always: [
        { guard: not('pushAvailable'), target: 'unavailable' },
        { guard: 'isOffline', target: 'off', actions: { type: 'report', params: { problem: 'checkOffline' } } },
        { target: 'checking' },
      ],
    },
    /** This browser cannot receive pushes (or, on iPhone, not before it is on the Home Screen). */
    unavailable: {},

    checking: {
      tags: 'busy',
      entry: 'startAttempt',
      invoke: {
        src: 'readState',
        onDone: [
          { guard: { type: 'readingIs', params: ({ event }) => ({ reading: event.output, expected: 'on' }) }, target: 'on', actions: 'markChecked' },
          {
            guard: { type: 'readingIs', params: ({ event }) => ({ reading: event.output, expected: 'blocked' }) },
            target: 'off',
            actions: ['markChecked', { type: 'report', params: { problem: 'blocked' } }],
          },
          { target: 'off', actions: 'markChecked' },
        ],
        onError: { target: 'off', actions: { type: 'report', params: ({ event }) => ({ problem: offlineOr(event.error, 'checkOffline', 'checkFailed') }) } },
      },
    },

    off: {
      on: {
        TURN_ON: [{ guard: 'isOffline', actions: { type: 'report', params: { problem: 'offline' } } }, { target: 'enabling' }],
        CONNECTION: {
          guard: { type: 'uncheckedAndOnline', params: ({ event }) => ({ online: event.online }) },
          target: 'checking',
          actions: { type: 'rememberConnection', params: ({ event }) => ({ online: event.online }) },
        },
      },
    },

    enabling: {
      tags: 'busy',
      entry: 'startAttempt',
      initial: 'askingPermission',
      states: {
        askingPermission: {
          invoke: {
            src: 'requestPermission',
            onDone: [
              { guard: { type: 'permissionIs', params: ({ event }) => ({ permission: event.output, expected: 'granted' }) }, target: 'fetchingKey' },
              {
                guard: { type: 'permissionIs', params: ({ event }) => ({ permission: event.output, expected: 'denied' }) },
                target: '#hnNotify.off',
                actions: { type: 'report', params: { problem: 'blocked' } },
              },
              { target: '#hnNotify.off', actions: { type: 'report', params: { problem: 'dismissed' } } },
            ],
            onError: { target: '#hnNotify.off', actions: { type: 'report', params: { problem: 'unsupported' } } },
          },
        },
        fetchingKey: {
          invoke: {
            src: 'fetchPushKey',
            onDone: { target: 'subscribing', actions: { type: 'rememberKey', params: ({ event }) => ({ publicKey: event.output }) } },
            onError: { target: '#hnNotify.off', actions: { type: 'report', params: ({ event }) => ({ problem: turnOnProblem(event.error) }) } },
          },
        },
        subscribing: {
          invoke: {
            src: 'subscribeBrowser',
            input: ({ context }) => ({ publicKey: known(context.publicKey, 'The push key') }),
            onDone: { target: 'registering', actions: { type: 'rememberSubscription', params: ({ event }) => ({ subscription: event.output }) } },
            onError: { target: '#hnNotify.off', actions: { type: 'report', params: ({ event }) => ({ problem: turnOnProblem(event.error) }) } },
          },
          // A push service that cannot be reached may leave subscribe pending forever.
          after: { pushServiceTimeout: { target: '#hnNotify.off', actions: { type: 'report', params: { problem: 'noPushService' } } } },
        },
        registering: {
          invoke: {
            src: 'register',
            input: ({ context }) => ({ subscription: known(context.subscription, 'The push subscription') }),
            onDone: { target: '#hnNotify.on' },
            onError: { target: '#hnNotify.off', actions: { type: 'report', params: ({ event }) => ({ problem: turnOnProblem(event.error) }) } },
          },
        },
      },
    },

    on: {
      tags: 'enabled',
      on: {
        // The server must be told: unsubscribing the browser alone would also silence the daily reminder here.
        TURN_OFF: [{ guard: 'isOffline', actions: { type: 'report', params: { problem: 'turnOffOffline' } } }, { target: 'disabling' }],
      },
    },

    disabling: {
      tags: ['enabled', 'busy'],
      entry: 'startAttempt',
      invoke: {
        src: 'release',
        onDone: { target: 'off' },
        onError: { target: 'on', actions: { type: 'report', params: ({ event }) => ({ problem: offlineOr(event.error, 'turnOffOffline', 'turnOffFailed') }) } },
      },
    },
  },
});

export type HnNotifyActor = ActorRefFrom<typeof hnNotifyMachine>;
export type HnNotifySnapshot = SnapshotFrom<typeof hnNotifyMachine>;
