import helmet from 'helmet';
import type { Env } from '../env.ts';

type Directives = Record<string, string[]>;

/** Same-origin only: no inline script or style, nothing framed, no plugins. */
function baseDirectives(): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The only third parties allowed, and only once they are configured: Google sign-in and Stripe. */
const THIRD_PARTY_SOURCES = {
  google: {
    'script-src': ['https://accounts.google.com/gsi/client'],
    'style-src': ['https://accounts.google.com/gsi/style'],
    'frame-src': ['https://accounts.google.com/gsi/'],
    'connect-src': ['https://accounts.google.com/gsi/'],
  },
  stripe: {
    'script-src': ['https://js.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ['https://api.stripe.com'],
  },
} satisfies Record<string, Directives>;

export function contentSecurityPolicyDirectives(env: Pick<Env, 'signIn' | 'payments'>): Directives {
  const directives = baseDirectives();
  const extras: Directives[] = [];
  if (env.signIn.mode === 'google') extras.push(THIRD_PARTY_SOURCES.google);
  if (env.payments.mode === 'stripe') extras.push(THIRD_PARTY_SOURCES.stripe);
  for (const extra of extras) {
    for (const [name, sources] of Object.entries(extra)) {
      directives[name] = [...(directives[name] ?? []), ...sources];
    }
  }
  return directives;
}

export function securityHeaders(env: Pick<Env, 'signIn' | 'payments'>) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(env) },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google's sign-in popup reports back to its opener.
    crossOriginOpenerPolicy: { policy: env.signIn.mode === 'google' ? 'same-origin-allow-popups' : 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
