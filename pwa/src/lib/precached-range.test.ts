// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { answerRangeFromPrecache } from './precached-range';

// Workbox marks its modules on the worker's global `self` as they load, and its development
// logger reads `navigator`: Node's global stands in for the worker's.
vi.hoisted(() => {
  Object.assign(globalThis, { self: globalThis });
  if (!('navigator' in globalThis)) Object.assign(globalThis, { navigator: { userAgent: 'node' } });
});

const FILE = new Uint8Array(Array.from({ length: 10 }, (_, index) => index));
const URL_OF_SOUND = 'https://memento.test/humansounds/audio/pop.mp3';

function precache(): (url: string) => Promise<Response | undefined> {
  return (url) => Promise.resolve(url === URL_OF_SOUND ? new Response(FILE, { headers: { 'Content-Type': 'audio/mpeg' } }) : undefined);
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('a ranged request for a precached file', () => {
  it('gets the slice it asked for as 206 Partial Content, from the precache', async () => {
    const request = new Request(URL_OF_SOUND, { headers: { Range: 'bytes=2-5' } });
    const response = await answerRangeFromPrecache(request, precache(), offline);
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 2-5/10');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([2, 3, 4, 5]);
  });

  it('gets the whole file for the open range a media element asks first', async () => {
    const request = new Request(URL_OF_SOUND, { headers: { Range: 'bytes=0-' } });
    const response = await answerRangeFromPrecache(request, precache(), offline);
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 0-9/10');
    expect((await response.arrayBuffer()).byteLength).toBe(10);
  });

  it('says 416 when the range lies beyond the file', async () => {
    const request = new Request(URL_OF_SOUND, { headers: { Range: 'bytes=20-30' } });
    expect((await answerRangeFromPrecache(request, precache(), offline)).status).toBe(416);
  });

  it('goes to the network for a file the precache does not hold', async () => {
    const seen: string[] = [];
    const network = (request: Request) => {
      seen.push(request.url);
      return Promise.resolve(new Response('from the network', { status: 206 }));
    };
    const request = new Request('https://memento.test/humansounds/human-sounds-preview.webm', { headers: { Range: 'bytes=0-' } });
    const response = await answerRangeFromPrecache(request, precache(), network);
    expect(await response.text()).toBe('from the network');
    expect(seen).toEqual(['https://memento.test/humansounds/human-sounds-preview.webm']);
  });
});
