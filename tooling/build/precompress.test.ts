import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'memento-precompress-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the build’s compressed copies', () => {
  it('writes a Brotli and a gzip copy of each text file, all folders down, that decompress to the file', async () => {
    await mkdir(join(dir, 'assets', 'nested'), { recursive: true });
    const texts: Record<string, string> = {
      'index.html': '<!doctype html><title>Memento</title>'.repeat(20),
      'sw.js': 'self.addEventListener("fetch", () => {});'.repeat(20),
      'manifest.webmanifest': '{"name":"Memento"}',
      'assets/index-A1.js': 'export const a = 1;\n'.repeat(500),
      'assets/index-A1.css': '.a { color: red; }\n'.repeat(500),
      'assets/nested/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    };
    for (const [name, text] of Object.entries(texts)) await writeFile(join(dir, name), text);
    await writeFile(join(dir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(join(dir, 'assets', 'index-A1.js.map'), '{"version":3}');

    const written = await precompressFolder(dir);

    expect(written.map((entry) => relative(dir, entry.file)).sort()).toEqual(Object.keys(texts).sort());
    for (const [name, text] of Object.entries(texts)) {
      expect(brotliDecompressSync(await readFile(join(dir, `${name}.br`))).toString()).toBe(text);
      expect(gunzipSync(await readFile(join(dir, `${name}.gz`))).toString()).toBe(text);
    }
    const big = written.find((entry) => entry.file.endsWith('index-A1.js'));
    expect(big?.bytes).toBe(texts['assets/index-A1.js']?.length);
    expect(big?.compressed.br).toBeLessThan(big?.compressed.gzip ?? 0);
    // Images and source maps get no copies.
    const names = await readdir(dir, { recursive: true });
    expect(names.filter((name) => name.startsWith('icon-192.png.') || name.includes('.map.'))).toEqual([]);
  });

  it('writes the copies again over an earlier build’s', async () => {
    await writeFile(join(dir, 'sw.js'), 'first');
    await precompressFolder(dir);
    await writeFile(join(dir, 'sw.js'), 'second');
    await precompressFolder(dir);
    expect(brotliDecompressSync(await readFile(join(dir, 'sw.js.br'))).toString()).toBe('second');
  });
});
