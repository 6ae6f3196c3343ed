import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { HUMAN_SOUNDS, soundZipName, type HumanSoundId } from '#core/human-sounds/catalogue';
import { newIdempotencyKey } from '../payments/testing.ts';

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

/** The PUBLIC_ORIGIN the tests' servers make e-mailed links with. */
export const TEST_PUBLIC_ORIGIN = 'https://memento.example';

let buyers = 0;

/** A checkout's body: a new buyer, a new idempotency key. */
export function soundsBuyer(paymentMethodId: string): { name: string; email: string; paymentMethodId: string; idempotencyKey: string } {
  buyers += 1;
  return { name: `Listener ${buyers}`, email: `listener${buyers}@example.test`, paymentMethodId, idempotencyKey: newIdempotencyKey() };
}

/** The token of a receipt's download link, checking the link is a thank-you page at the public origin. */
export function receiptToken(body: string): string {
  const match = new RegExp(`${TEST_PUBLIC_ORIGIN}/humansounds/thankyou/([A-Za-z0-9_-]+)`).exec(body);
  if (match?.[1] === undefined) throw new Error(`no download link in the receipt:\n${body}`);
  return match[1];
}
