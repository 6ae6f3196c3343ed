import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { HUMAN_SOUNDS, soundZipName, type HumanSoundId } from '#core/human-sounds/catalogue';

/** Human Sounds tests: a folder of ten small stand-in MP3s, and the zip read back. */

export interface AudioDir {
  readonly dir: string;
  /** What each sound's file holds. */
  readonly bytes: ReadonlyMap<HumanSoundId, Buffer>;
  remove(): Promise<void>;
}

/** Ten files named as the catalogue names them, each different (an MP3 header, then random bytes). */
export async function makeAudioDir(): Promise<AudioDir> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-sounds-'));
  const bytes = new Map<HumanSoundId, Buffer>();
  for (const sound of HUMAN_SOUNDS) {
    const data = Buffer.concat([Buffer.from('ID3'), randomBytes(512 + bytes.size * 97)]);
    await fs.writeFile(path.join(dir, `${sound.id}.mp3`), data);
    bytes.set(sound.id, data);
  }
  return { dir, bytes, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** The names and bytes the library zip should hold for this folder, in catalogue order. */
export function expectedZipEntries(audio: AudioDir): [string, Buffer][] {
  return HUMAN_SOUNDS.map((sound, index) => [soundZipName(sound, index), audio.bytes.get(sound.id) ?? Buffer.alloc(0)]);
}

/** A zip's entries as name and bytes, in the zip's own order. */
export function zipEntries(zip: Uint8Array): [string, Buffer][] {
  return Object.entries(unzipSync(zip)).map(([name, data]) => [name, Buffer.from(data)]);
}
