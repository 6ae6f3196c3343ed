import fs from 'node:fs/promises';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { HUMAN_SOUNDS, soundZipName } from '#core/human-sounds/catalogue';

/**
 * The paid zip of the ten MP3s, named as the catalogue orders them. MP3 is already compressed,
 * so the files are stored as they are (level 0): deflating them again costs time and saves
 * nothing. The zip is the same for every buyer, so it is made on the first download and kept for
 * the life of the process; a failed build (a file missing) is not kept, so the next download
 * tries again once the files are there.
 */

export interface LibraryZip {
  /** The zip's bytes, made on first use. Rejects with `LibraryFilesMissing` when a sound is not there. */
  bytes(): Promise<Uint8Array>;
}

/** A sound's file could not be read: the server was started without the library's audio. */
export class LibraryFilesMissing extends Error {
  constructor(file: string, options: { cause: unknown }) {
    super(`The Human Sounds audio file ${file} cannot be read (HUMAN_SOUNDS_AUDIO_DIR)`, options);
    this.name = 'LibraryFilesMissing';
  }
}

async function readSound(audioDir: string, id: string): Promise<{ data: Uint8Array; mtime: Date }> {
  const file = path.join(audioDir, `${id}.mp3`);
  try {
    const [data, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
    return { data, mtime: stat.mtime };
  } catch (error) {
    throw new LibraryFilesMissing(file, { cause: error });
  }
}

async function build(audioDir: string): Promise<Uint8Array> {
  const sounds = await Promise.all(HUMAN_SOUNDS.map((sound) => readSound(audioDir, sound.id)));
  const files: Zippable = {};
  HUMAN_SOUNDS.forEach((sound, index) => {
    const file = sounds[index];
    if (file !== undefined) files[soundZipName(sound, index)] = [file.data, { level: 0, mtime: file.mtime }];
  });
  return zipSync(files, { level: 0 });
}

export function libraryZip(audioDir: string): LibraryZip {
  let built: Promise<Uint8Array> | undefined;
  return {
    bytes() {
      built ??= build(audioDir).catch((error: unknown) => {
        built = undefined;
        throw error;
      });
      return built;
    },
  };
}
