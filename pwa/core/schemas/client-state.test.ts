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
