/**
 * Google Identity Services, loaded only on a server configured for Google sign-in (the content
 * security policy allows its script only then). Just the part of its API this app uses, typed
 * here: https://developers.google.com/identity/gsi/web/reference/js-reference
 */

export const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) for the server to verify. */
  readonly credential: string;
}

export interface GoogleIdConfiguration {
  readonly client_id: string;
  readonly callback: (response: GoogleCredentialResponse) => void;
  /** Bound into the ID token; the server accepts the token only once for it. */
  readonly nonce: string;
  readonly auto_select: boolean;
  readonly ux_mode: 'popup';
  readonly context: 'signin' | 'signup' | 'use';
}

export interface GoogleButtonConfiguration {
  readonly type: 'standard';
  readonly theme: 'outline' | 'filled_blue';
  readonly size: 'large';
  readonly text: 'continue_with' | 'signin_with';
  readonly shape: 'pill' | 'rectangular';
  readonly logo_alignment: 'left';
  readonly width: number;
}

export interface GoogleAccountsId {
  initialize(config: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonConfiguration): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `window.google.accounts.id`, once the script has defined it. */
export function readGoogleAccountsId(target: object = window): GoogleAccountsId | null {
  const google: unknown = Reflect.get(target, 'google');
  const accounts = isRecord(google) ? google.accounts : undefined;
  const id = isRecord(accounts) ? accounts.id : undefined;
  if (!isRecord(id) || typeof id.initialize !== 'function' || typeof id.renderButton !== 'function') return null;
  return id as unknown as GoogleAccountsId;
}

let loading: Promise<GoogleAccountsId> | null = null;

/** Adds Google's script once and resolves with its API; a failed load can be tried again. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = readGoogleAccountsId();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const api = readGoogleAccountsId();
      if (api) resolve(api);
      else reject(new Error('Google sign-in loaded without its API'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('Google sign-in could not be loaded'));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
