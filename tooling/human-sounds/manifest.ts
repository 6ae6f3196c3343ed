/**
 * Where the Human Sounds files live and the manifest the script writes beside its recipes: for
 * each sound the hash of the PCM the recipe makes and of the MP3 made from it, so a test can
 * tell without ffmpeg that the committed MP3s are what the committed recipes make.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HumanSoundId } from '#core/human-sounds/catalogue';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export const PUBLIC_DIR = `${repo}pwa/public/humansounds`;
export const AUDIO_DIR = `${PUBLIC_DIR}/audio`;
export const ILLUSTRATIONS_DIR = `${PUBLIC_DIR}/illustrations`;
export const PREVIEW_FILE = `${PUBLIC_DIR}/human-sounds-preview.webm`;
export const MANIFEST_FILE = fileURLToPath(new URL('manifest.json', import.meta.url));

export const MP3_BITRATE_KBPS = 96;

export function audioFile(id: HumanSoundId): string {
  return `${AUDIO_DIR}/${id}.mp3`;
}

export function illustrationFile(id: HumanSoundId): string {
  return `${ILLUSTRATIONS_DIR}/${id}.svg`;
}

export interface SoundEntry {
  readonly id: HumanSoundId;
  readonly samples: number;
  readonly seconds: number;
  /** SHA-256 of the 16-bit little-endian PCM the recipe makes. */
  readonly pcmSha256: string;
  readonly mp3Sha256: string;
  readonly mp3Bytes: number;
}

export interface Manifest {
  readonly sampleRate: number;
  readonly encoder: string;
  readonly mp3: string;
  readonly sounds: readonly SoundEntry[];
  readonly preview: { readonly file: string; readonly sha256: string; readonly bytes: number; readonly seconds: number };
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as Manifest;
}
