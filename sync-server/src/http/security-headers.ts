import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
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

/**
 * Stripe.js and its Payment Element, as Stripe's integration security guide lists them for a
 * site with a Content-Security-Policy: the script from js.stripe.com (which starts its frames on
 * js.stripe.com and its subdomains), hooks.stripe.com framed for the bank's authentication and
 * redirects, and calls to api.stripe.com. The guide's maps.googleapis.com serves only the Address
 * Element's autocomplete, which no checkout here mounts, so it stays out.
 *
 * Where: on every document the server sends, not only /pay's. The app is a single-page app: a
 * buyer who opens / and follows a link to /pay never loads a new document, so the policy in
 * force on /pay is the one the first document came with. A policy for payment pages only would
 * break the checkout for everyone who arrives by a link. Stripe.js itself is still only loaded
 * by the payment pages (pwa/src/features/payments/data/load-stripe.ts); the wider policy only
 * permits it. In test mode (the local Stripe on this origin) none of this is allowed.
 */
const STRIPE_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
} satisfies Directives;

/** The only third parties allowed, and only once they are configured: Google sign-in and Stripe. */
const THIRD_PARTY_SOURCES = {
  google: {
    'script-src': ['https://accounts.google.com/gsi/client'],
    'style-src': ['https://accounts.google.com/gsi/style'],
    'frame-src': ['https://accounts.google.com/gsi/'],
    'connect-src': ['https://accounts.google.com/gsi/'],
  },
  stripe: STRIPE_SOURCES,
} satisfies Record<string, Directives>;

/**
 * `pictureOrigins`: where the operator's Something New profiles keep their pictures (none for the
 * sample, whose pictures are drawn), allowed as images only.
 */
export function contentSecurityPolicyDirectives(env: Pick<Env, 'signIn' | 'payments'>, pictureOrigins: readonly string[] = []): Directives {
  const directives = baseDirectives();
  const extras: Directives[] = [{ 'img-src': [...pictureOrigins] }];
  if (env.signIn.mode === 'google') extras.push(THIRD_PARTY_SOURCES.google);
  if (env.payments.mode === 'stripe') extras.push(THIRD_PARTY_SOURCES.stripe);
  for (const extra of extras) {
    for (const [name, sources] of Object.entries(extra)) {
      directives[name] = [...(directives[name] ?? []), ...sources];
    }
  }
  return directives;
}

/**
 * The browser features pages may use: the share sheet and the clipboard (share and copy links),
 * payment requests only beside Stripe once it is configured, and nothing that reaches the
 * camera, microphone, location or other devices. Notifications are asked for by the Notification
 * API itself, which this header does not govern.
 */
export function permissionsPolicy(env: Pick<Env, 'payments'>): string {
  const payment = env.payments.mode === 'stripe' ? '(self "https://js.stripe.com")' : '()';
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'hid=()',
    'midi=()',
    'display-capture=()',
    'browsing-topics=()',
    `payment=${payment}`,
    'web-share=(self)',
    'clipboard-write=(self)',
  ].join(', ');
}

/** A policy source decided per response (helmet calls it for each one). */
type SourceOfResponse = (req: IncomingMessage, res: ServerResponse) => string;

/**
 * `inlineStyles`: the hashes of the inline stylesheets of the page at a path, and `inlineScripts`
 * those of the shell's inline scripts (see inline-sources.ts), asked for each response so a new
 * build's are allowed without a restart.
 */
export function securityHeaders(
  env: Pick<Env, 'signIn' | 'payments'>,
  pictureOrigins: readonly string[] = [],
  inlineStyles: (urlPath: string) => readonly string[] = () => [],
  inlineScripts: () => readonly string[] = () => [],
): RequestHandler[] {
  const policy = permissionsPolicy(env);
  const directives: Record<string, (string | SourceOfResponse)[]> = contentSecurityPolicyDirectives(env, pictureOrigins);
  const pageStyles: SourceOfResponse = (req) => {
    // The path alone; a request target the URL parser refuses names no page (and must not fail the answer).
    const pathname = URL.parse(req.url ?? '/', 'http://localhost')?.pathname;
    return pathname === undefined ? '' : inlineStyles(pathname).join(' ');
  };
  directives['script-src'] = [...(directives['script-src'] ?? []), () => inlineScripts().join(' ')];
  directives['style-src'] = [...(directives['style-src'] ?? []), pageStyles];
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', policy);
    next();
  };
  return [permissions, helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google's sign-in popup reports back to its opener.
    crossOriginOpenerPolicy: { policy: env.signIn.mode === 'google' ? 'same-origin-allow-popups' : 'same-origin' },
    xFrameOptions: { action: 'deny' },
  })];
}
