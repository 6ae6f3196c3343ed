import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifySubscribeError, PushSubscribeError, subscribePush } from './subscribe-push';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('classifySubscribeError', () => {
  it('blocked whenever notifications are denied', () => {
    expect(classifySubscribeError(new DOMException('Registration failed - permission denied', 'NotAllowedError'), 'denied')).toBe('blocked');
  });

  it('a browser mode without push: Chromium’s incognito answer with permission granted, and the spec’s refusals', () => {
    // What headless Chromium (an incognito profile) answers, seen in e2e/reminders.spec.ts.
    expect(classifySubscribeError(new DOMException('Registration failed - permission denied', 'AbortError'), 'granted')).toBe('unsupported');
    for (const name of ['NotAllowedError', 'NotSupportedError', 'InvalidStateError', 'SecurityError']) {
      expect(classifySubscribeError(new DOMException('Refused', name), 'granted')).toBe('unsupported');
    }
  });

  it('the push service for everything else: not available, its errors, network failures, the unknown', () => {
    expect(classifySubscribeError(new DOMException('Registration failed - push service not available', 'AbortError'), 'granted')).toBe(
      'no-push-service',
    );
    expect(classifySubscribeError(new DOMException('Registration failed - push service error', 'AbortError'), 'granted')).toBe(
      'no-push-service',
    );
    expect(classifySubscribeError(new DOMException('Failed to connect', 'NetworkError'), 'granted')).toBe('no-push-service');
    expect(classifySubscribeError('weird', 'granted')).toBe('no-push-service');
  });
});

function installWorker(registration: { pushManager: Partial<PushManager> } | undefined) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('subscribePush', () => {
  it('no service worker or no PushManager: this browser (mode) has no push', async () => {
    vi.stubGlobal('PushManager', undefined);
    await expect(subscribePush(KEY)).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('no worker registered: no push here either, instead of waiting for one forever', async () => {
    vi.stubGlobal('PushManager', function PushManager() {});
    installWorker(undefined);
    await expect(subscribePush(KEY)).rejects.toEqual(new PushSubscribeError('unsupported'));
  });

  it('a refused subscribe keeps the browser’s error as the cause', async () => {
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'granted' }));
    const refusal = new DOMException('Registration failed - push service not available', 'AbortError');
    installWorker({ pushManager: { getSubscription: () => Promise.resolve(null), subscribe: () => Promise.reject(refusal) } });
    const error: unknown = await subscribePush(KEY).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PushSubscribeError);
    expect(error).toMatchObject({ reason: 'no-push-service', cause: refusal });
  });
});
