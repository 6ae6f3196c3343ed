import { useEffect, useState } from 'react';
import { signInConfigSchema, type SignInConfig } from '#core/schemas/auth';
import { api, isApiError } from '../../../lib/api-client';

/** `GET /api/auth/config`: whether this server signs in with Google or locally. */
export function getSignInConfig(signal?: AbortSignal): Promise<SignInConfig> {
  return api.request('/auth/config', signInConfigSchema, { token: null, signal });
}

export type SignInConfigState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly config: SignInConfig }
  | { readonly status: 'failed'; readonly error: unknown };

/** The server's sign-in configuration; asked again on `retry` and when the connection comes back. */
export function useSignInConfig(): { readonly state: SignInConfigState; readonly retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SignInConfigState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getSignInConfig(controller.signal).then(
      (config) => setState({ status: 'ready', config }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  };

  const offline = state.status === 'failed' && isApiError(state.error) && state.error.kind === 'offline';
  useEffect(() => {
    if (!offline) return;
    const onOnline = () => {
      setState({ status: 'loading' });
      setAttempt((count) => count + 1);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline]);

  return { state, retry };
}
