/**
 * The build writes each text file of the PWA compressed beside it (`app.js.br`, `app.js.gz`), once
 * and at the densest settings; the server sends those copies instead of compressing the same bytes
 * again for every visitor and every service-worker install. Best encoding first.
 */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type PrecompressedEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** The files that get compressed copies: the text the app loads (source maps stay as they are). */
export const PRECOMPRESSIBLE = /\.(?:js|css|html|svg|webmanifest)$/;
