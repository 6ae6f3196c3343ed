import { CONTACT_EMAIL, contactMailto } from '#core/contact';
import { paths } from '#core/paths';
import type { ApiErrorCode } from '#core/schemas/api-error';

/**
 * The page a browser gets when a download link is refused. The link is opened from an e-mail or
 * the thank-you page, so the person sees a page, not JSON: what happened, what to do, and a way
 * back. No script, no style of its own (the server's policy allows neither inline), no token.
 */

interface Words {
  readonly title: string;
  readonly happened: string;
  readonly next: string;
}

const WORDS: Partial<Record<ApiErrorCode, Words>> = {
  INVALID_REQUEST: {
    title: 'This download link is incomplete',
    happened: 'The address does not hold a whole download link; part of it may have been cut off when it was copied.',
    next: 'Open the link from your receipt e-mail again, or copy all of it.',
  },
  NOT_FOUND: {
    title: 'We do not know this download link',
    happened: 'No purchase of the Human Sounds library has this link.',
    next: 'Use the link from your receipt e-mail.',
  },
  DOWNLOAD_REVOKED: {
    title: 'This download link no longer works',
    happened: 'The purchase it belongs to was refunded, so the library cannot be downloaded with it any more.',
    next: 'If you think this is a mistake, tell us.',
  },
  UNAVAILABLE: {
    title: 'The download is not available right now',
    happened: 'Something on our side is not working at the moment. Your link is fine.',
    next: 'Try again in a few minutes.',
  },
};

const FALLBACK: Words = {
  title: 'The download did not start',
  happened: 'Something went wrong with this download.',
  next: 'Try again in a few minutes.',
};

export function refusedPage(code: ApiErrorCode): string {
  const words = WORDS[code] ?? FALLBACK;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${words.title} · Human Sounds</title>
</head>
<body>
<main>
<h1>${words.title}</h1>
<p>${words.happened}</p>
<p>${words.next} Questions? Write to <a href="${contactMailto('Human Sounds download')}">${CONTACT_EMAIL}</a>.</p>
<p><a href="${paths.humanSounds.href()}">Go to Human Sounds</a></p>
</main>
</body>
</html>
`;
}
