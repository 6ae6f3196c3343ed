import { useState } from 'react';
import { signInReplySchema, type LocalSignInRequest, type SignInReply } from '#core/schemas/auth';
import { api } from '../../../lib/api-client';
import { describeSignInError } from '../sign-in-messages';

/** `POST /api/auth/local`: sign in by e-mail on a server without Google. */
export function signInLocally(request: LocalSignInRequest): Promise<SignInReply> {
  return api.request('/auth/local', signInReplySchema, { body: request, token: null });
}

export type LocalSignInState =
  | { readonly status: 'idle' }
  | { readonly status: 'submitting' }
  | { readonly status: 'failed'; readonly message: string };

/** Local sign-in as the form sees it: idle, submitting, or failed with words for the person. */
export function useLocalSignIn(onSignedIn: (reply: SignInReply) => void) {
  const [state, setState] = useState<LocalSignInState>({ status: 'idle' });

  async function submit(request: LocalSignInRequest): Promise<void> {
    setState({ status: 'submitting' });
    let reply: SignInReply;
    try {
      reply = await signInLocally(request);
    } catch (error) {
      setState({ status: 'failed', message: describeSignInError(error) });
      return;
    }
    setState({ status: 'idle' });
    onSignedIn(reply);
  }

  return { state, submit };
}
