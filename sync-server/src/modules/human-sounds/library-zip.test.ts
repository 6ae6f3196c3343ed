import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryFilesMissing, libraryZip } from './library-zip.ts';
import { expectedZipEntries, makeAudioDir, zipEntries, type AudioDir } from './testing.ts';

let audio: AudioDir;
beforeEach(async () => {
  audio = await makeAudioDir();
});
afterEach(() => audio.remove());

describe('libraryZip', () => {
  it('holds the ten sounds, named in catalogue order, byte for byte, stored uncompressed', async () => {
    const zip = await libraryZip(audio.dir).bytes();
    expect(zipEntries(zip)).toEqual(expectedZipEntries(audio));
    // Stored: the archive is the files plus headers, not smaller.
    const total = [...audio.bytes.values()].reduce((sum, data) => sum + data.length, 0);
    expect(zip.byteLength).toBeGreaterThan(total);
  });

  it('is made once and then served from memory, even when the files change', async () => {
    const library = libraryZip(audio.dir);
    const first = await library.bytes();
    await fs.writeFile(path.join(audio.dir, 'pop.mp3'), 'changed');
    const [second, third] = await Promise.all([library.bytes(), library.bytes()]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(zipEntries(second)).toEqual(expectedZipEntries(audio));
  });

  it('refuses when a sound is missing, and tries again next time instead of keeping the failure', async () => {
    const library = libraryZip(audio.dir);
    const wakeUp = path.join(audio.dir, 'wake-up.mp3');
    const saved = await fs.readFile(wakeUp);
    await fs.rm(wakeUp);
    await expect(library.bytes()).rejects.toBeInstanceOf(LibraryFilesMissing);
    await expect(library.bytes()).rejects.toThrow(/wake-up\.mp3/);
    await fs.writeFile(wakeUp, saved);
    expect(zipEntries(await library.bytes())).toEqual(expectedZipEntries(audio));
  });
});
