/** Where people write to us: support, privacy requests, sign-in trouble. */
export const CONTACT_EMAIL = 'hello@memento.app';

export const contactMailto = (subject?: string): string =>
  `mailto:${CONTACT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
