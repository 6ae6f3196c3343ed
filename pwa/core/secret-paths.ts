/**
 * Addresses that carry a secret in a path segment: the Human Sounds download links (the app's
 * thank-you page and the API behind it). Matched the way the server's router matches (any
 * letter case, repeated slashes).
 */
const SECRET_SEGMENT = /^(\/+(?:api\/+humansounds\/+library|humansounds\/+thankyou)\/+)[^/?#]+/i;

/** A path as it may be logged or counted: a secret segment becomes `:token`. */
export function withoutSecrets(path: string): string {
  return path.replace(SECRET_SEGMENT, '$1:token');
}
