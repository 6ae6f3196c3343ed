import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { contentSecurityPolicyDirectives, permissionsPolicy, securityHeaders } from './security-headers.ts';

describe('contentSecurityPolicyDirectives', () => {
  it('allows no third party while sign-in and payments run locally', () => {
    const directives = contentSecurityPolicyDirectives(loadEnv({}));
    expect(Object.values(directives).flat().filter((source) => source.startsWith('https:'))).toEqual([]);
  });

  it('allows Google sign-in and Stripe only once they are configured', () => {
    const directives = contentSecurityPolicyDirectives(
      loadEnv({ GOOGLE_CLIENT_ID: 'id', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    );
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directives['frame-src']).toContain("'self'");
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(Object.values(directives).flat()).not.toContain("'unsafe-inline'");
  });
});

describe('permissionsPolicy', () => {
  it('lets pages share and copy, and reach no camera, microphone or location', () => {
    const policy = permissionsPolicy(loadEnv({}));
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy).toContain(feature);
    expect(policy).toContain('web-share=(self)');
  });

  it('allows payment requests beside Stripe only once Stripe is configured', () => {
    const policy = permissionsPolicy(loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }));
    expect(policy).toContain('payment=(self "https://js.stripe.com")');
  });
});

describe('securityHeaders', () => {
  it('allows the app shell’s inline stylesheet by its hash, and no other inline style', async () => {
    let shell: readonly string[] = ["'sha256-first'"];
    const app = express();
    app.use(securityHeaders(loadEnv({}), [], () => shell));
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const styleSrc = async () => {
      const policy = (await fetch(`http://127.0.0.1:${String(port)}/`)).headers.get('content-security-policy') ?? '';
      return /style-src ([^;]*)/.exec(policy)?.[1];
    };
    try {
      expect(await styleSrc()).toBe("'self' 'sha256-first'");
      // A new build while the server runs: the next answer names the new shell's hash.
      shell = ["'sha256-second'"];
      expect(await styleSrc()).toBe("'self' 'sha256-second'");
    } finally {
      server.close();
    }
  });

  it('allows the shell’s inline boot script by its hash, following a new build, and no other inline script', async () => {
    let boot: readonly string[] = ["'sha256-boot1'"];
    const app = express();
    app.use(securityHeaders(loadEnv({}), [], () => [], () => boot));
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const scriptSrc = async () => {
      const policy = (await fetch(`http://127.0.0.1:${String(port)}/`)).headers.get('content-security-policy') ?? '';
      return /script-src ([^;]*)/.exec(policy)?.[1]?.trim();
    };
    try {
      expect(await scriptSrc()).toBe("'self' 'sha256-boot1'");
      boot = ["'sha256-boot2'"];
      expect(await scriptSrc()).toBe("'self' 'sha256-boot2'");
      boot = [];
      expect(await scriptSrc()).toBe("'self'");
    } finally {
      server.close();
    }
  });
});
