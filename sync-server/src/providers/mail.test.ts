import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, isPermanentMailError, parseSmtpUrl } from './mail.ts';

describe('parseSmtpUrl', () => {
  it('takes the sender out of the URL and adds the timeouts nodemailer reads from it', () => {
    const { url, from } = parseSmtpUrl('smtps://user:pass@mail.example.com:465?from=Memento%20%3Chello%40example.com%3E');
    expect(from).toBe('Memento <hello@example.com>');
    const parsed = new URL(url);
    expect(parsed.searchParams.has('from')).toBe(false);
    expect(parsed.searchParams.get('socketTimeout')).toBe('30000');
    expect(`${parsed.protocol}//${parsed.username}:${parsed.password}@${parsed.host}`).toBe('smtps://user:pass@mail.example.com:465');
  });

  it('keeps timeouts the URL sets and falls back to the default sender', () => {
    const { url, from } = parseSmtpUrl('smtp://127.0.0.1:2525?socketTimeout=5000');
    expect(from).toBe(DEFAULT_MAIL_FROM);
    expect(new URL(url).searchParams.get('socketTimeout')).toBe('5000');
  });
});

describe('isPermanentMailError', () => {
  it('is true for 5xx SMTP answers only', () => {
    expect(isPermanentMailError(Object.assign(new Error('no such user'), { responseCode: 550 }))).toBe(true);
    expect(isPermanentMailError(Object.assign(new Error('try later'), { responseCode: 451 }))).toBe(false);
    expect(isPermanentMailError(new Error('ECONNREFUSED'))).toBe(false);
  });
});
