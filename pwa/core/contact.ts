/**
 * Where people write to us: support, privacy requests, sign-in trouble, a download that does
 * not work. In `core` because the server writes it into receipts and error pages too.
 */
export const CONTACT_EMAIL = 'hello@memento.app';

export const contactMailto = (subject?: string): string =>
  `mailto:${CONTACT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
