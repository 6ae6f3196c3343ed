import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { nonceReplySchema, signInReplySchema, type GoogleSignInRequest, type SignInReply } from '#core/schemas/auth';
import { api, isApiError } from '../../../lib/api-client';
import { loadGoogleIdentity } from '../google/gsi-client';
import { describeSignInError } from '../sign-in-messages';

/** `GET /api/auth/nonce`: a single-use value the next Google ID token is bound to. */
export async function getNonce(signal?: AbortSignal): Promise<string> {
  return (await api.request('/auth/nonce', nonceReplySchema, { token: null, signal })).nonce;
}

/** `POST /api/newGoogleSignIn`: the server verifies Google's ID token and starts a session. */
export function signInWithGoogle(request: GoogleSignInRequest): Promise<SignInReply> {
  return api.request('/newGoogleSignIn', signInReplySchema, { body: request, token: null });
}

export type GoogleSignInState =
  | { readonly status: 'preparing' }
  | { readonly status: 'ready' }
  | { readonly status: 'signing-in' }
  | { readonly status: 'failed'; readonly message: string };

const BUTTON_WIDTH = 280;

const SCRIPT_FAILED =
  "Google's sign-in button could not be loaded. Check your connection (or allow accounts.google.com if a content blocker is on) and try again.";

/**
 * Google's button in `container`, bound to a fresh nonce from our server. Pressing it and
 * choosing an account gives an ID token, which goes to our server; a refusal shows why, and
 * `retry` prepares a new button with a new nonce (each one works once).
 */
export function useGoogleSignIn(
  clientId: string,
  container: RefObject<HTMLElement | null>,
  onSignedIn: (reply: SignInReply) => void,
) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<GoogleSignInState>({ status: 'preparing' });
  // Read when a sign-in completes; a new function identity must not reset the button.
  const signedIn = useEffectEvent(onSignedIn);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;

    async function complete(idToken: string, nonce: string): Promise<void> {
      setState({ status: 'signing-in' });
      try {
        const reply = await signInWithGoogle({ id_token: idToken, nonce });
        if (!signal.aborted) signedIn(reply);
      } catch (error) {
        if (!signal.aborted) setState({ status: 'failed', message: describeSignInError(error) });
      }
    }

    async function prepare(): Promise<void> {
      const nonce = await getNonce(signal);
      const google = await loadGoogleIdentity();
      const parent = container.current;
      if (signal.aborted || parent === null) return;
      google.initialize({
        client_id: clientId,
        nonce,
        auto_select: false,
        ux_mode: 'popup',
        context: 'signin',
        callback: ({ credential }) => void complete(credential, nonce),
      });
      parent.replaceChildren();
      google.renderButton(parent, {
        type: 'standard',
        theme: 'outline',
        size: 'large',
        text: 'continue_with',
        shape: 'pill',
        logo_alignment: 'left',
        width: BUTTON_WIDTH,
      });
      setState({ status: 'ready' });
    }

    prepare().catch((error: unknown) => {
      if (signal.aborted) return;
      setState({ status: 'failed', message: isApiError(error) ? describeSignInError(error) : SCRIPT_FAILED });
    });
    return () => controller.abort();
  }, [clientId, container, attempt]);

  const retry = () => {
    setState({ status: 'preparing' });
    setAttempt((count) => count + 1);
  };

  return { state, retry };
}
