import { describe, expect, it } from 'vitest';
import { bearerToken, newSessionToken } from './session-token.ts';

describe('bearerToken', () => {
  const token = newSessionToken();

  it.each([`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `  Bearer  ${token} `])('reads the token of %j (the scheme is case-insensitive)', (header) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([undefined, '', token, `Basic ${token}`, 'Bearer short', `Bearer ${token}!`, `Bearer ${token} extra`])('finds no token in %j', (header) => {
    expect(bearerToken(header)).toBeNull();
  });
});
