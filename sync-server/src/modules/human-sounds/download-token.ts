import { createHash, randomBytes } from 'node:crypto';
import { paths } from '#core/paths';
import type { Queryable } from '../../db/client.ts';
import { insertDownloadToken } from './repo.ts';

/**
 * Download tokens of the Human Sounds library. Whoever holds one may download the library for as
 * long as its order stays paid, so it is as secret as a password: 32 random bytes, shown once (in
 * the checkout's answer or the receipt), kept by the database only as a SHA-256, which is enough
 * to find it again and useless to anyone reading the table.
 */

export function hashDownloadToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A new token of a paid library order (an order may have any number). */
export async function mintDownloadToken(db: Queryable, orderId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertDownloadToken(db, orderId, hashDownloadToken(token));
  return token;
}

/** The thank-you page of a token, as an absolute link for an e-mail. */
export function thankYouUrl(publicOrigin: string, token: string): string {
  return new URL(paths.humanSoundsThankYou.href(token), publicOrigin).href;
}

/** Where the zip of a token is downloaded (`GET`), relative to the app. */
export function libraryZipHref(token: string): string {
  return `/api/humansounds/library/${encodeURIComponent(token)}/zip`;
}
