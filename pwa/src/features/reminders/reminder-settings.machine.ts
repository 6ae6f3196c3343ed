import { and, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_PROFILE } from '#core/schemas/records';
import type { ApiErrorCode } from '#core/schemas/api-error';
import { isApiError, type ApiErrorKind } from '../../lib/api-client';
import { getPushKey } from '../../lib/push/get-push-key';
import { ensureNotificationPermission, type PushSupport } from '../../lib/push/push-support';
import { registerSubscription } from '../../lib/push/register-subscription';
import { releasePush } from '../../lib/push/release-push';
import { PushSubscribeError, subscribePush, type BrowserSubscription, type PushSubscribeFailure } from '../../lib/push/subscribe-push';
import type { ReminderSettingsChange } from './data/save-reminder-settings';

/**
 * The reminder switch: turning the daily reminder on (permission, the browser's push
 * subscription, the server, the synced profile) and off. Every side effect is a named actor, so
 * tests run the machine headless with `.provide()`; the screen asks `hasTag('enabled')`,
 * `hasTag('busy')`, `can({ type: 'TURN_ON' })` and matches the outcome states under `disabled`.
 *
 * Whether reminders are on is the synced profile's to say (another device may change it): the
 * screen sends SETTINGS whenever it changes, and the machine follows it while nothing is under way.
 */

export interface ReminderSettingsInput {
  readonly support: PushSupport;
  readonly online: boolean;
}

export type ReminderSettingsEvent =
  | { readonly type: 'TURN_ON' }
  | { readonly type: 'TURN_OFF' }
  /** The synced profile's reminder, as it is now. */
  | { readonly type: 'SETTINGS'; readonly enabled: boolean; readonly minutes: number }
  /** The browser's belief about the network changed. */
  | { readonly type: 'CONNECTION'; readonly online: boolean };

interface ReminderSettingsContext {
  readonly support: PushSupport;
  readonly online: boolean;
  readonly minutes: number;
  /** Set while turning on: the server's key, then the browser's subscription. */
  readonly publicKey: string | null;
  readonly subscription: BrowserSubscription | null;
}

/** Why reminders are still off after an attempt to turn them on: the substates of `disabled` but idle. */
export const REMINDER_OFF_REASONS = [
  'offline',
  'dismissed',
  'blocked',
  'unsupported',
  'noPushService',
  'serverUnreachable',
  /** The server will not send to this browser's push service (not https, not a public address). */
  'endpointRefused',
  /** This browser's push subscription is another account's, under other keys. */
  'subscriptionTaken',
  'failed',
] as const;
export type ReminderOffReason = (typeof REMINDER_OFF_REASONS)[number];

/** How long the browser's push service gets to answer pushManager.subscribe, which can hang forever. */
export const PUSH_SERVICE_TIMEOUT_MS = 15_000;

/** A step's input that an earlier step must have set; a missing one is a bug in this machine. */
function known<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is not known yet`);
  return value;
}

export const reminderSettingsMachine = setup({
  types: {
    context: {} as ReminderSettingsContext,
    events: {} as ReminderSettingsEvent,
    input: {} as ReminderSettingsInput,
    tags: {} as 'enabled' | 'busy',
  },
  actors: {
    /** Notification permission; prompts only when the person has not decided yet. */
    requestPermission: fromPromise<NotificationPermission>(() => ensureNotificationPermission()),
    fetchPushKey: fromPromise<string>(() => getPushKey()),
    subscribeBrowser: fromPromise<BrowserSubscription, { publicKey: string }>(({ input }) => subscribePush(input.publicKey)),
    registerSubscription: fromPromise(({ input }: { input: { subscription: BrowserSubscription } }) =>
      registerSubscription(input.subscription, 'daily-reminder'),
    ),
    /** Writes the synced profile; it needs the signed-in person's database, so the screen provides it. */
    saveSettings: fromPromise<undefined, ReminderSettingsChange>(() =>
      Promise.reject(new Error('saveSettings is provided by the screen, with the open database')),
    ),
    /** Lets go of this browser's subscription for the reminder; it stays while it carries the tracker's notices. */
    unsubscribe: fromPromise(() => releasePush('daily-reminder')),
  },
  guards: {
    pushAvailable: ({ context }) => context.support === 'supported',
    isOffline: ({ context }) => !context.online,
    isEnabled: (_, params: { enabled: boolean }) => params.enabled,
    isDisabled: (_, params: { enabled: boolean }) => !params.enabled,
    permissionIs: (_, params: { permission: NotificationPermission; expected: NotificationPermission }) =>
      params.permission === params.expected,
    subscribeFailedWith: (_, params: { error: unknown; reason: PushSubscribeFailure }) =>
      params.error instanceof PushSubscribeError && params.error.reason === params.reason,
    serverCallFailedWith: (_, params: { error: unknown; kind: ApiErrorKind }) =>
      isApiError(params.error) && params.error.kind === params.kind,
    serverRefusedWith: (_, params: { error: unknown; code: ApiErrorCode }) => isApiError(params.error, params.code),
  },
  actions: {
    rememberSettings: assign((_, params: { minutes: number }) => ({ minutes: params.minutes })),
    rememberConnection: assign((_, params: { online: boolean }) => ({ online: params.online })),
    rememberKey: assign((_, params: { publicKey: string }) => ({ publicKey: params.publicKey })),
    rememberSubscription: assign((_, params: { subscription: BrowserSubscription }) => ({ subscription: params.subscription })),
    forgetAttempt: assign({ publicKey: null, subscription: null }),
  },
  delays: {
    pushServiceTimeout: PUSH_SERVICE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'reminderSettings',
  context: ({ input }) => ({
    support: input.support,
    online: input.online,
    minutes: DEFAULT_PROFILE.reminderMinutes,
    publicKey: null,
    subscription: null,
  }),
  initial: 'disabled',
  on: {
    SETTINGS: { actions: { type: 'rememberSettings', params: ({ event }) => ({ minutes: event.minutes }) } },
    CONNECTION: { actions: { type: 'rememberConnection', params: ({ event }) => ({ online: event.online }) } },
  },
  states: {
    disabled: {
      initial: 'idle',
      entry: 'forgetAttempt',
      on: {
        TURN_ON: [
          { guard: and(['pushAvailable', 'isOffline']), target: '.offline' },
          { guard: 'pushAvailable', target: 'enabling' },
        ],
        SETTINGS: {
          guard: { type: 'isEnabled', params: ({ event }) => ({ enabled: event.enabled }) },
          target: 'enabled',
          actions: { type: 'rememberSettings', params: ({ event }) => ({ minutes: event.minutes }) },
        },
      },
      // Why the last attempt to turn on ended with reminders still off (idle: there was none).
      states: {
        idle: {},
        offline: {},
        dismissed: {},
        blocked: {},
        unsupported: {},
        noPushService: {},
        serverUnreachable: {},
        endpointRefused: {},
        subscriptionTaken: {},
        failed: {},
      },
    },

    enabling: {
      tags: 'busy',
      initial: 'askingPermission',
      states: {
        askingPermission: {
          invoke: {
            src: 'requestPermission',
            onDone: [
              {
                guard: { type: 'permissionIs', params: ({ event }) => ({ permission: event.output, expected: 'granted' }) },
                target: 'fetchingKey',
              },
              {
                guard: { type: 'permissionIs', params: ({ event }) => ({ permission: event.output, expected: 'denied' }) },
                target: '#reminderSettings.disabled.blocked',
              },
              { target: '#reminderSettings.disabled.dismissed' },
            ],
            onError: { target: '#reminderSettings.disabled.unsupported' },
          },
        },
        fetchingKey: {
          invoke: {
            src: 'fetchPushKey',
            onDone: {
              target: 'subscribing',
              actions: { type: 'rememberKey', params: ({ event }) => ({ publicKey: event.output }) },
            },
            onError: [
              {
                guard: { type: 'serverCallFailedWith', params: ({ event }) => ({ error: event.error, kind: 'offline' }) },
                target: '#reminderSettings.disabled.offline',
              },
              {
                guard: { type: 'serverCallFailedWith', params: ({ event }) => ({ error: event.error, kind: 'network' }) },
                target: '#reminderSettings.disabled.serverUnreachable',
              },
              { target: '#reminderSettings.disabled.failed' },
            ],
          },
        },
        subscribing: {
          invoke: {
            src: 'subscribeBrowser',
            input: ({ context }) => ({ publicKey: known(context.publicKey, 'The push key') }),
            onDone: {
              target: 'registering',
              actions: { type: 'rememberSubscription', params: ({ event }) => ({ subscription: event.output }) },
            },
            onError: [
              {
                guard: { type: 'subscribeFailedWith', params: ({ event }) => ({ error: event.error, reason: 'blocked' }) },
                target: '#reminderSettings.disabled.blocked',
              },
              {
                guard: { type: 'subscribeFailedWith', params: ({ event }) => ({ error: event.error, reason: 'unsupported' }) },
                target: '#reminderSettings.disabled.unsupported',
              },
              { target: '#reminderSettings.disabled.noPushService' },
            ],
          },
          // A push service that cannot be reached may leave subscribe pending forever.
          after: { pushServiceTimeout: { target: '#reminderSettings.disabled.noPushService' } },
        },
        registering: {
          invoke: {
            src: 'registerSubscription',
            input: ({ context }) => ({ subscription: known(context.subscription, 'The push subscription') }),
            onDone: { target: 'saving' },
            onError: [
              {
                guard: { type: 'serverCallFailedWith', params: ({ event }) => ({ error: event.error, kind: 'offline' }) },
                target: '#reminderSettings.disabled.offline',
              },
              {
                guard: { type: 'serverCallFailedWith', params: ({ event }) => ({ error: event.error, kind: 'network' }) },
                target: '#reminderSettings.disabled.serverUnreachable',
              },
              {
                guard: { type: 'serverRefusedWith', params: ({ event }) => ({ error: event.error, code: 'PUSH_ENDPOINT_REFUSED' }) },
                target: '#reminderSettings.disabled.endpointRefused',
              },
              {
                guard: { type: 'serverRefusedWith', params: ({ event }) => ({ error: event.error, code: 'SUBSCRIPTION_TAKEN' }) },
                target: '#reminderSettings.disabled.subscriptionTaken',
              },
              { target: '#reminderSettings.disabled.failed' },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'saveSettings',
            input: ({ context }) => ({ enabled: true, minutes: context.minutes }),
            onDone: { target: '#reminderSettings.enabled' },
            onError: { target: '#reminderSettings.disabled.failed' },
          },
        },
      },
    },

    enabled: {
      tags: 'enabled',
      initial: 'idle',
      on: {
        TURN_OFF: { target: 'disabling' },
        SETTINGS: {
          guard: { type: 'isDisabled', params: ({ event }) => ({ enabled: event.enabled }) },
          target: 'disabled',
          actions: { type: 'rememberSettings', params: ({ event }) => ({ minutes: event.minutes }) },
        },
      },
      states: {
        idle: {},
        /** The profile could not be written, so reminders are still on. */
        turnOffFailed: {},
      },
    },

    disabling: {
      tags: 'busy',
      initial: 'saving',
      states: {
        // Off is saved first and always works, offline too: the synced profile stops the server's reminders.
        saving: {
          invoke: {
            src: 'saveSettings',
            input: { enabled: false },
            onDone: { target: 'unsubscribing' },
            onError: { target: '#reminderSettings.enabled.turnOffFailed' },
          },
        },
        // Best effort: the server forgets a subscription itself once the push service calls it gone,
        // and one left behind offline takes no reminder (the profile says off).
        unsubscribing: {
          invoke: {
            src: 'unsubscribe',
            onDone: { target: '#reminderSettings.disabled' },
            onError: { target: '#reminderSettings.disabled' },
          },
          after: { pushServiceTimeout: { target: '#reminderSettings.disabled' } },
        },
      },
    },
  },
});


export type ReminderSettingsActor = ActorRefFrom<typeof reminderSettingsMachine>;
export type ReminderSettingsSnapshot = SnapshotFrom<typeof reminderSettingsMachine>;
