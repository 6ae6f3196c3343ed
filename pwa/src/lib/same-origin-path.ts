const BASE = new URL('https://memento.invalid');

/**
 * `candidate` as a path of this app (path, query and hash), or null when following it could leave
 * the app. The path is normalised first (dot segments, backslashes, stripped tabs and newlines), and
 * what comes out is checked, not what went in: '/.//evil.example' normalises to '//evil.example',
 * which a link or `navigate()` would read as another host.
 */
export function sameOriginPath(candidate: string): string | null {
  if (!candidate.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}
