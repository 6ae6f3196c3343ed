import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLIENT_STATE,
  isSignedIn,
  parseClientState,
  serializeClientState,
  type ClientState,
} from '#core/schemas/client-state';

const signedIn: ClientState = {
  user: {
    token: 'session-token',
    userDetails: { sub: '1234', locale: 'en' },
    user_first_name: 'Ada',
    user_avatar_url: 'https://example.test/ada.png',
    user_email: 'ada@example.test',
    accountType: 1,
  },
  toast: { show: false, message: 'Saved' },
  expert: { siteName: 'ada' },
};

describe('parseClientState', () => {
  it('reads back what was written', () => {
    expect(parseClientState(serializeClientState(signedIn))).toEqual(signedIn);
  });

  it('starts from defaults when nothing is stored', () => {
    expect(parseClientState(null)).toEqual(DEFAULT_CLIENT_STATE);
  });

  it.each([
    ['text that is not JSON', '{"user": '],
    ['a JSON array', '[1, 2, 3]'],
    ['JSON null', 'null'],
    ['a JSON string', '"state"'],
  ])('falls back to defaults for %s', (_label, stored) => {
    expect(parseClientState(stored)).toEqual(DEFAULT_CLIENT_STATE);
  });

  it('discards only the damaged slice', () => {
    const damagedUser = JSON.stringify({ ...signedIn, user: { ...signedIn.user, accountType: 'pro' } });
    const state = parseClientState(damagedUser);
    expect(state.user).toEqual(DEFAULT_CLIENT_STATE.user);
    expect(state.expert).toEqual(signedIn.expert);
    expect(isSignedIn(state)).toBe(false);

    const damagedToast = JSON.stringify({ ...signedIn, toast: { show: 'yes' } });
    expect(parseClientState(damagedToast).user).toEqual(signedIn.user);
  });

  it.each([
    ['a missing field', { ...signedIn.user, token: undefined }],
    ['a fractional account type', { ...signedIn.user, accountType: 1.5 }],
    ['an account type beyond the safe integers', { ...signedIn.user, accountType: 2 ** 60 }],
    ['account details that are a list', { ...signedIn.user, userDetails: ['1234'] }],
    ['account details that are null', { ...signedIn.user, userDetails: null }],
    ['a user that is a list', [signedIn.user]],
  ])('treats a stored user with %s as signed out', (_label, user) => {
    const state = parseClientState(JSON.stringify({ ...signedIn, user }));
    expect(state.user).toEqual(DEFAULT_CLIENT_STATE.user);
    expect(state.expert).toEqual(signedIn.expert);
  });

  it('keeps only the known fields of the user and toast, and any keys of the records', () => {
    const stored = JSON.stringify({
      ...signedIn,
      user: { ...signedIn.user, extra: 'dropped' },
      toast: { ...signedIn.toast, extra: 'dropped' },
      expert: { a: 1, b: { c: [2] } },
      unknownSlice: true,
    });
    expect(parseClientState(stored)).toEqual({ ...signedIn, expert: { a: 1, b: { c: [2] } } });
  });

  it('never lets a stored __proto__ key reach a prototype', () => {
    const state = parseClientState('{"expert": {"__proto__": {"polluted": true}, "kept": 1}}');
    expect(state.expert).toEqual({ kept: 1 });
    expect(Object.getPrototypeOf(state.expert)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('falls back to defaults for a list where a record belongs', () => {
    expect(parseClientState(JSON.stringify({ ...signedIn, expert: [1] })).expert).toEqual({});
    expect(parseClientState(JSON.stringify({ ...signedIn, toast: [] })).toast).toEqual(DEFAULT_CLIENT_STATE.toast);
  });

  it('never shows a stored toast again after a reload', () => {
    const stored = serializeClientState({ ...signedIn, toast: { show: true, message: 'Saved' } });
    expect(parseClientState(stored).toast).toEqual({ show: false, message: 'Saved' });
  });
});

describe('isSignedIn', () => {
  it('needs a stored e-mail address', () => {
    expect(isSignedIn(signedIn)).toBe(true);
    expect(isSignedIn(DEFAULT_CLIENT_STATE)).toBe(false);
    expect(isSignedIn({ ...signedIn, user: { ...signedIn.user, user_email: '  ' } })).toBe(false);
  });
});
