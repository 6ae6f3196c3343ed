import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

const ORIGIN = 'https://app.example';

describe('sameOriginPath', () => {
  it.each([
    ['/account', '/account'],
    ['/hnitem/42?tab=open#c1', '/hnitem/42?tab=open#c1'],
    ['/a/./b/../c', '/a/c'],
  ])('keeps the app path %s as %s', (candidate, expected) => {
    expect(sameOriginPath(candidate)).toBe(expected);
  });

  it.each(['/.//evil.example', '/./\\evil.example', '/\t/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', 'a'])(
    'refuses %j',
    (candidate) => {
      expect(sameOriginPath(candidate)).toBeNull();
    },
  );

  // Paths made of the characters that matter to a URL parser, so the odd cases come up often.
  const tricky = fc
    .array(fc.constantFrom('/', '\\', '.', '..', '%2e', '%2f', ':', '@', '?', '#', '\t', '\n', ' ', 'a', 'evil.example', 'http:', '//'), { maxLength: 12 })
    .map((parts) => parts.join(''));

  it('never returns a path that leads off the app, wherever it is used as a link', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string()), (candidate) => {
        const path = sameOriginPath(candidate);
        if (path === null) return;
        expect(path.startsWith('/')).toBe(true);
        expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
        // Used again (a link built from it, a second sign-in), it stays the same path.
        expect(sameOriginPath(path)).toBe(path);
      }),
      { numRuns: 5_000 },
    );
  });
});
