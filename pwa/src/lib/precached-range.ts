import { createPartialResponse } from 'workbox-range-requests';

/**
 * Answers a `Range:` request (Chromium asks for audio and video that way, `bytes=0-` first) for
 * a file the service worker precached, with the 206 slice the request asks for. A media element
 * given the whole file to a ranged request may refuse to play it or to seek, so the catalogue's
 * sounds would not play offline. Anything not in the precache goes to the network as usual.
 */
export async function answerRangeFromPrecache(
  request: Request,
  lookUp: (url: string) => Promise<Response | undefined>,
  network: (request: Request) => Promise<Response>,
): Promise<Response> {
  const cached = await lookUp(request.url);
  if (cached === undefined) return network(request);
  return createPartialResponse(request, cached);
}
