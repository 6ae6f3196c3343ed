import { describe, expect, it } from 'vitest';
import { safeNextPath, signupHref } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/hnitem/42?tab=open#c1', '/hnitem/42?tab=open#c1'],
    ['/dashboard', '/dashboard'],
  ])('returns to %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'dashboard',
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    'javascript:alert(1)',
    '/signup',
    '/signup?next=/account',
    '/.//evil.example:18082/pwned',
    '/./signup',
  ])('goes to the dashboard instead of %s', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });

  it('builds the sign-in link that leads back', () => {
    const href = signupHref('/hnitem/42?tab=open');
    expect(href).toBe('/signup?next=%2Fhnitem%2F42%3Ftab%3Dopen');
    expect(safeNextPath(new URLSearchParams(href.split('?')[1]).get('next'))).toBe('/hnitem/42?tab=open');
  });
});
