import { CLIENT_STATE_STORAGE_KEY, DEFAULT_CLIENT_STATE, serializeClientState, type ClientState } from '#core/schemas/client-state';
import type { SignInReply } from '#core/schemas/auth';
import { createSessionStore, type SessionStore } from '../../../session/session-store';

export const ADA_REPLY: SignInReply = {
  token: 'token-ada-0123456789',
  userDetails: { id: 'user-ada', email: 'ada@example.test', first_name: 'Ada', avatar_url: '', accountType: 0 },
  user_email: 'ada@example.test',
  user_first_name: 'Ada',
  user_avatar_url: '',
  accountType: 0,
};

export const ADA_SIGNED_IN: ClientState = {
  ...DEFAULT_CLIENT_STATE,
  user: {
    token: ADA_REPLY.token,
    userDetails: { ...ADA_REPLY.userDetails },
    user_email: ADA_REPLY.user_email,
    user_first_name: ADA_REPLY.user_first_name,
    user_avatar_url: '',
    accountType: 0,
  },
  expert: { siteName: 'ada' },
};

/** Local storage for one test: what the store wrote is readable back. */
export function memoryStorage(initial?: ClientState) {
  const values = new Map<string, string>();
  if (initial) values.set(CLIENT_STATE_STORAGE_KEY, serializeClientState(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    stored: () => values.get(CLIENT_STATE_STORAGE_KEY) ?? null,
  };
}

export function storeWith(initial?: ClientState): { store: SessionStore; storage: ReturnType<typeof memoryStorage> } {
  const storage = memoryStorage(initial);
  return { store: createSessionStore({ storage, events: window }), storage };
}
