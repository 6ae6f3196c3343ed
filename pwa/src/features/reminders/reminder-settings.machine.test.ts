// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../lib/api-client';
import type { PushSupport } from '../../lib/push/push-support';
import type { ReminderSettingsChange } from './data/save-reminder-settings';
import { PushSubscribeError, type BrowserSubscription } from '../../lib/push/subscribe-push';
import { PUSH_SERVICE_TIMEOUT_MS, reminderSettingsMachine, type ReminderSettingsActor } from './reminder-settings.machine';

/**
 * The reminder switch's machine, headless: no DOM, no browser APIs, no server. Every actor is
 * replaced through .provide(), and XState's SimulatedClock drives the push service's time limit.
 */

const KEY = 'server-vapid-key';
const SUBSCRIPTION: BrowserSubscription = { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'p', auth: 'a' } };

/** A promise that never settles: a push service that never answers. */
const never = <T>() => new Promise<T>(() => undefined);

interface World {
  permission: () => Promise<NotificationPermission>;
  fetchKey: () => Promise<string>;
  subscribe: (publicKey: string) => Promise<BrowserSubscription>;
  register: (subscription: BrowserSubscription) => Promise<void>;
  save: (change: ReminderSettingsChange) => Promise<void>;
  unsubscribe: () => Promise<void>;
}

interface Run {
  readonly actor: ReminderSettingsActor;
  readonly clock: SimulatedClock;
  /** What each actor was asked, in order. */
  readonly calls: string[];
  readonly saved: ReminderSettingsChange[];
}

function start(world: Partial<World> = {}, input: { support?: PushSupport; online?: boolean } = {}): Run {
  const calls: string[] = [];
  const saved: ReminderSettingsChange[] = [];
  const w: World = {
    permission: () => Promise.resolve('granted'),
    fetchKey: () => Promise.resolve(KEY),
    subscribe: () => Promise.resolve(SUBSCRIPTION),
    register: () => Promise.resolve(),
    save: () => Promise.resolve(),
    unsubscribe: () => Promise.resolve(),
    ...world,
  };
  const machine = reminderSettingsMachine.provide({
    actors: {
      requestPermission: fromPromise(() => {
        calls.push('requestPermission');
        return w.permission();
      }),
      fetchPushKey: fromPromise(() => {
        calls.push('fetchPushKey');
        return w.fetchKey();
      }),
      subscribeBrowser: fromPromise(({ input }: { input: { publicKey: string } }) => {
        calls.push(`subscribeBrowser ${input.publicKey}`);
        return w.subscribe(input.publicKey);
      }),
      registerSubscription: fromPromise(({ input }: { input: { subscription: BrowserSubscription } }) => {
        calls.push(`registerSubscription ${input.subscription.endpoint}`);
        return w.register(input.subscription);
      }),
      saveSettings: fromPromise<undefined, ReminderSettingsChange>(async ({ input }) => {
        calls.push('saveSettings');
        saved.push(input);
        await w.save(input);
        return undefined;
      }),
      unsubscribe: fromPromise(() => {
        calls.push('unsubscribe');
        return w.unsubscribe();
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { support: input.support ?? 'supported', online: input.online ?? true } });
  actor.start();
  return { actor, clock, calls, saved };
}

const settled = (actor: ReminderSettingsActor) => waitFor(actor, (state) => !state.hasTag('busy'));

describe('turning reminders on', () => {
  it('granted: subscribes with the server’s key, registers, saves on at the profile’s time, and is enabled', async () => {
    const { actor, calls, saved } = start();
    actor.send({ type: 'SETTINGS', enabled: false, minutes: 7 * 60 + 30 });
    expect(actor.getSnapshot().can({ type: 'TURN_ON' })).toBe(true);

    actor.send({ type: 'TURN_ON' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'TURN_ON' })).toBe(false);

    const state = await settled(actor);
    expect(state.matches({ enabled: 'idle' })).toBe(true);
    expect(state.hasTag('enabled')).toBe(true);
    expect(calls).toEqual([
      'requestPermission',
      'fetchPushKey',
      `subscribeBrowser ${KEY}`,
      `registerSubscription ${SUBSCRIPTION.endpoint}`,
      'saveSettings',
    ]);
    expect(saved).toEqual([{ enabled: true, minutes: 450 }]);
  });

  it('denied: says blocked and asks nothing of the push service', async () => {
    const { actor, calls, saved } = start({ permission: () => Promise.resolve('denied') });
    actor.send({ type: 'TURN_ON' });
    const state = await settled(actor);
    expect(state.matches({ disabled: 'blocked' })).toBe(true);
    expect(state.hasTag('enabled')).toBe(false);
    expect(calls).toEqual(['requestPermission']);
    expect(saved).toEqual([]);
  });

  it('prompt dismissed: stays off, and can be tried again', async () => {
    const { actor, calls } = start({ permission: () => Promise.resolve('default') });
    actor.send({ type: 'TURN_ON' });
    const state = await settled(actor);
    expect(state.matches({ disabled: 'dismissed' })).toBe(true);
    expect(calls).toEqual(['requestPermission']);
    expect(state.can({ type: 'TURN_ON' })).toBe(true);
  });

  it('subscribe never answers: after the time limit, no push service reachable, nothing registered or saved', async () => {
    const { actor, clock, calls, saved } = start({ subscribe: never });
    actor.send({ type: 'TURN_ON' });
    await waitFor(actor, (state) => state.matches({ enabling: 'subscribing' }));

    clock.increment(PUSH_SERVICE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches({ enabling: 'subscribing' })).toBe(true);
    clock.increment(1);

    const state = actor.getSnapshot();
    expect(state.matches({ disabled: 'noPushService' })).toBe(true);
    expect(state.hasTag('busy')).toBe(false);
    expect(calls).toEqual(['requestPermission', 'fetchPushKey', `subscribeBrowser ${KEY}`]);
    expect(saved).toEqual([]);
    expect(PUSH_SERVICE_TIMEOUT_MS).toBe(15_000);
  });

  it.each([
    ['no-push-service', 'noPushService'],
    ['unsupported', 'unsupported'],
    ['blocked', 'blocked'],
  ] as const)('subscribe refused (%s): disabled.%s', async (reason, outcome) => {
    const { actor, calls } = start({ subscribe: () => Promise.reject(new PushSubscribeError(reason)) });
    actor.send({ type: 'TURN_ON' });
    const state = await settled(actor);
    expect(state.matches({ disabled: outcome })).toBe(true);
    expect(calls).not.toContain(`registerSubscription ${SUBSCRIPTION.endpoint}`);
  });

  it('a browser without notifications at all (the permission step throws): unsupported', async () => {
    const { actor } = start({ permission: () => Promise.reject(new Error('This browser has no notifications')) });
    actor.send({ type: 'TURN_ON' });
    expect((await settled(actor)).matches({ disabled: 'unsupported' })).toBe(true);
  });

  it('cannot be turned on where the browser has no push, or before the Home Screen on iPhone', () => {
    for (const support of ['unsupported', 'ios-needs-install'] as const) {
      const { actor, calls } = start({}, { support });
      expect(actor.getSnapshot().can({ type: 'TURN_ON' })).toBe(false);
      actor.send({ type: 'TURN_ON' });
      expect(actor.getSnapshot().matches({ disabled: 'idle' })).toBe(true);
      expect(calls).toEqual([]);
    }
  });
});

describe('turning on without the server', () => {
  it('offline: says a connection is needed and asks nothing, not even permission', () => {
    const { actor, calls } = start({}, { online: false });
    actor.send({ type: 'TURN_ON' });
    expect(actor.getSnapshot().matches({ disabled: 'offline' })).toBe(true);
    expect(calls).toEqual([]);
  });

  it('follows the connection: offline after start, then back online', async () => {
    const { actor } = start();
    actor.send({ type: 'CONNECTION', online: false });
    actor.send({ type: 'TURN_ON' });
    expect(actor.getSnapshot().matches({ disabled: 'offline' })).toBe(true);
    actor.send({ type: 'CONNECTION', online: true });
    actor.send({ type: 'TURN_ON' });
    expect((await settled(actor)).matches({ enabled: 'idle' })).toBe(true);
  });

  const offline = () => new ApiError('offline', 'You are offline.');
  const noAnswer = () => new ApiError('network', 'The server could not be reached.');
  const refused = () => new ApiError('server', 'UNAVAILABLE', { status: 503 });

  it.each([
    ['the key, offline', { fetchKey: () => Promise.reject(offline()) }, 'offline'],
    ['the key, no answer', { fetchKey: () => Promise.reject(noAnswer()) }, 'serverUnreachable'],
    ['the key, an error answer', { fetchKey: () => Promise.reject(refused()) }, 'failed'],
    ['the registration, offline', { register: () => Promise.reject(offline()) }, 'offline'],
    ['the registration, no answer', { register: () => Promise.reject(noAnswer()) }, 'serverUnreachable'],
    ['the registration, an error answer', { register: () => Promise.reject(refused()) }, 'failed'],
    [
      'the registration, endpoint refused',
      { register: () => Promise.reject(new ApiError('server', 'refused', { code: 'PUSH_ENDPOINT_REFUSED', status: 400 })) },
      'endpointRefused',
    ],
    [
      'the registration, subscription of another account',
      { register: () => Promise.reject(new ApiError('server', 'taken', { code: 'SUBSCRIPTION_TAKEN', status: 409 })) },
      'subscriptionTaken',
    ],
  ] as const)('%s: disabled.%s, nothing saved', async (_, world: Partial<World>, outcome) => {
    const { actor, saved } = start(world);
    actor.send({ type: 'TURN_ON' });
    const state = await settled(actor);
    expect(state.matches({ disabled: outcome })).toBe(true);
    expect(saved).toEqual([]);
  });

  it('the profile cannot be written: failed, still off', async () => {
    const { actor } = start({ save: () => Promise.reject(new Error('QuotaExceededError')) });
    actor.send({ type: 'TURN_ON' });
    expect((await settled(actor)).matches({ disabled: 'failed' })).toBe(true);
  });
});

describe('turning reminders off', () => {
  function enabledRun(world: Partial<World> = {}): Run {
    const run = start(world);
    run.actor.send({ type: 'SETTINGS', enabled: true, minutes: 1200 });
    expect(run.actor.getSnapshot().matches({ enabled: 'idle' })).toBe(true);
    return run;
  }

  it('saves off first, then ends the browser’s subscription', async () => {
    const { actor, calls, saved } = enabledRun();
    expect(actor.getSnapshot().can({ type: 'TURN_OFF' })).toBe(true);
    actor.send({ type: 'TURN_OFF' });
    expect(actor.getSnapshot().hasTag('enabled')).toBe(false);
    const state = await settled(actor);
    expect(state.matches({ disabled: 'idle' })).toBe(true);
    expect(calls).toEqual(['saveSettings', 'unsubscribe']);
    expect(saved).toEqual([{ enabled: false }]);
  });

  it('is off even when the browser or the server cannot be told (offline)', async () => {
    const { actor } = enabledRun({ unsubscribe: () => Promise.reject(new ApiError('offline', 'You are offline.')) });
    actor.send({ type: 'TURN_OFF' });
    expect((await settled(actor)).matches({ disabled: 'idle' })).toBe(true);
  });

  it('does not wait forever for a push service that never answers', async () => {
    const { actor, clock } = enabledRun({ unsubscribe: never });
    actor.send({ type: 'TURN_OFF' });
    await waitFor(actor, (state) => state.matches({ disabling: 'unsubscribing' }));
    clock.increment(PUSH_SERVICE_TIMEOUT_MS);
    expect(actor.getSnapshot().matches({ disabled: 'idle' })).toBe(true);
  });

  it('stays on, and says so, when off cannot be saved', async () => {
    const { actor, calls } = enabledRun({ save: () => Promise.reject(new Error('DatabaseClosedError')) });
    actor.send({ type: 'TURN_OFF' });
    const state = await settled(actor);
    expect(state.matches({ enabled: 'turnOffFailed' })).toBe(true);
    expect(calls).toEqual(['saveSettings']);
  });
});

describe('following the synced profile', () => {
  it('goes on and off with the profile while nothing is under way', () => {
    const { actor } = start();
    actor.send({ type: 'SETTINGS', enabled: true, minutes: 1200 });
    expect(actor.getSnapshot().hasTag('enabled')).toBe(true);
    actor.send({ type: 'SETTINGS', enabled: false, minutes: 1200 });
    expect(actor.getSnapshot().matches({ disabled: 'idle' })).toBe(true);
  });

  it('keeps turning on when the profile changes meanwhile, and saves the newest time', async () => {
    let answer: (subscription: BrowserSubscription) => void = () => undefined;
    const { actor, saved } = start({ subscribe: () => new Promise((resolve) => (answer = resolve)) });
    actor.send({ type: 'TURN_ON' });
    await waitFor(actor, (state) => state.matches({ enabling: 'subscribing' }));

    actor.send({ type: 'SETTINGS', enabled: false, minutes: 6 * 60 });
    expect(actor.getSnapshot().matches({ enabling: 'subscribing' })).toBe(true);
    answer(SUBSCRIPTION);

    expect((await settled(actor)).matches({ enabled: 'idle' })).toBe(true);
    expect(saved).toEqual([{ enabled: true, minutes: 360 }]);
  });
});
