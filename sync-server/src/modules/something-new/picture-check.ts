/**
 * Whether a profile's picture can be shown: a short HEAD request to its address, remembered for
 * a while so a page view costs no request to anyone else. Not an image, an error status, or no
 * answer in time: the page draws the initials instead.
 */

export interface PictureCheckOptions {
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** How long an answer is trusted (a picture that worked is trusted longer). */
  readonly reachableForMs?: number;
  readonly unreachableForMs?: number;
  readonly now?: () => number;
}

export type PictureCheck = (url: string) => Promise<boolean>;

const DEFAULT_TIMEOUT_MS = 1_500;
const HOUR = 60 * 60 * 1000;

/** Answers other than these do not count as a picture (an HTML error page answering 200, say). */
function isPicture(response: Response): boolean {
  if (!response.ok) return false;
  const type = response.headers.get('content-type');
  return type === null || type.toLowerCase().startsWith('image/');
}

export function createPictureCheck(options: PictureCheckOptions = {}): PictureCheck {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const reachableFor = options.reachableForMs ?? 6 * HOUR;
  const unreachableFor = options.unreachableForMs ?? HOUR / 6;
  const now = options.now ?? Date.now;
  const known = new Map<string, { readonly reachable: boolean; readonly until: number }>();
  const pending = new Map<string, Promise<boolean>>();

  async function ask(url: string): Promise<boolean> {
    try {
      const response = await fetchImpl(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
      return isPicture(response);
    } catch {
      return false;
    }
  }

  return (url) => {
    const remembered = known.get(url);
    if (remembered !== undefined && remembered.until > now()) return Promise.resolve(remembered.reachable);
    const inFlight = pending.get(url);
    if (inFlight !== undefined) return inFlight;
    const asked = ask(url).then((reachable) => {
      known.set(url, { reachable, until: now() + (reachable ? reachableFor : unreachableFor) });
      pending.delete(url);
      return reachable;
    });
    pending.set(url, asked);
    return asked;
  };
}
