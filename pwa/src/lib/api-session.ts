/**
 * Who the API client speaks for: the signed-in person's bearer token, and what to do when the
 * server says that token is no longer valid. The session boot binds it once at start; until then
 * (and in tests that bind nothing) requests go out without a token. Kept apart from the client
 * itself, which is loaded only when a request is made, so binding costs the first page nothing.
 */
export interface ApiSession {
  /** The bearer token to send, or null when nobody is signed in. */
  readonly token: () => string | null;
  /** The server refused `token` as invalid (400/401 INVALID_TOKEN): sign out, if it is still the current one. */
  readonly onInvalidToken: (token: string) => void;
}

const SIGNED_OUT: ApiSession = { token: () => null, onInvalidToken: () => undefined };

let bound: ApiSession = SIGNED_OUT;

/** Makes `session` the one the API client uses; returns the undo. */
export function bindApiSession(session: ApiSession): () => void {
  bound = session;
  return () => {
    if (bound === session) bound = SIGNED_OUT;
  };
}

export function currentApiSession(): ApiSession {
  return bound;
}
