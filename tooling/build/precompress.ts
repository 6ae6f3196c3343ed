/**
 * The last step of `npm run build`: writes the compressed copies of the PWA's text files that the
 * server sends (see pwa/core/precompressed.ts). Brotli at its densest is slow to write and as fast
 * as any to read, which is the right trade for files written once and sent to every visitor.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRECOMPRESSED, PRECOMPRESSIBLE, type PrecompressedEncoding } from '../../pwa/core/precompressed';

/** `body` in `encoding` at the encoding's densest setting. */
export function compressDensely(body: Buffer, encoding: PrecompressedEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export interface PrecompressedFile {
  readonly file: string;
  readonly bytes: number;
  readonly compressed: Readonly<Record<PrecompressedEncoding, number>>;
}

/** Writes every compressible file's copies under `dir` (all folders down); what it wrote, by file. */
export async function precompressFolder(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && PRECOMPRESSIBLE.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const compressed: Record<PrecompressedEncoding, number> = { br: 0, gzip: 0 };
      for (const { encoding, suffix } of PRECOMPRESSED) {
        const copy = compressDensely(body, encoding);
        await writeFile(file + suffix, copy);
        compressed[encoding] = copy.length;
      }
      return { file, bytes: body.length, compressed };
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = fileURLToPath(new URL('../../dist/pwa', import.meta.url));
  const written = await precompressFolder(outDir);
  const total = (pick: (file: PrecompressedFile) => number) => (written.reduce((sum, file) => sum + pick(file), 0) / 1024).toFixed(0);
  console.log(`precompress: ${String(written.length)} files, ${total((file) => file.bytes)} KB → br ${total((file) => file.compressed.br)} KB, gzip ${total((file) => file.compressed.gzip)} KB`);
}
