import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { serve } from '../../../testing/http.ts';

/**
 * A stand-in for Google in tests: a real RS256 key pair whose public half is served as a JSON
 * Web Key Set on a local port, and real signed ID tokens. Nothing is mocked in the verifier.
 */
export interface TestGoogleIssuer {
  readonly clientId: string;
  readonly jwksUrl: string;
  /** A signed ID token; `claims` override the defaults of a valid token for `clientId`. */
  sign(claims?: JWTPayload, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export interface SignOptions {
  /** 'impostor': signed by a key Google never published, under the published key's id. */
  readonly key?: 'google' | 'impostor';
}

const KID = 'test-key-1';
const ALG = 'RS256';

export async function startTestGoogleIssuer(clientId = 'memento-test.apps.googleusercontent.com'): Promise<TestGoogleIssuer> {
  const google = await generateKeyPair(ALG);
  const impostor = await generateKeyPair(ALG);
  const jwks = { keys: [{ ...(await exportJWK(google.publicKey)), kid: KID, alg: ALG, use: 'sig' }] };

  const server = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(jwks));
  });

  const keyFor = (key: SignOptions['key']): CryptoKey => (key === 'impostor' ? impostor.privateKey : google.privateKey);

  return {
    clientId,
    jwksUrl: `${server.url}/oauth2/v3/certs`,
    sign(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: '110000000000000000001',
        email: 'ada@example.test',
        email_verified: true,
        given_name: 'Ada',
        picture: 'https://lh3.googleusercontent.com/a/ada',
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      return new SignJWT(payload).setProtectedHeader({ alg: ALG, kid: KID, typ: 'JWT' }).sign(keyFor(options.key));
    },
    close: () => server.close(),
  };
}
