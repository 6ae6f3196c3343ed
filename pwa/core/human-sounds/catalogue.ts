/**
 * The ten sounds of the Human Sounds library, in the catalogue's order. The catalogue page, the
 * paid zip and the script that makes the audio (`tooling/human-sounds`) all read this list, so a
 * sound is added or renamed in one place. Each sound's audio is `/humansounds/audio/{id}.mp3`
 * (the app's public folder), made from the recipe of the same id.
 */

export interface HumanSound {
  /** Stable, URL-safe: the file names and the recipe are keyed by it. */
  readonly id: string;
  readonly name: string;
  /** Where the sound fits in an interface. */
  readonly goodFor: string;
  readonly vibe: string;
  /** 'See how it was made!': how the script makes it, told plainly. */
  readonly howMade: string;
}

export const HUMAN_SOUNDS = [
  { id: 'wind-down', name: 'Wind Down', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'pop', name: 'Pop', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'tick', name: 'Tick', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'nudge', name: 'Nudge', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'tweet', name: 'Tweet', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'deflate-high', name: 'Deflate - High', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'strike', name: 'Strike', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'deflate-low', name: 'Deflate - Low', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'pishoo', name: 'Pishoo', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
  { id: 'wake-up', name: 'Wake Up', goodFor: 'TODO', vibe: 'TODO', howMade: 'TODO' },
] as const satisfies readonly HumanSound[];

export type HumanSoundId = (typeof HUMAN_SOUNDS)[number]['id'];

/** Where a sound's MP3 is served (precached by the service worker). */
export function soundAudioHref(id: HumanSoundId): string {
  return `/humansounds/audio/${id}.mp3`;
}

/** The name of a sound's file inside the paid zip. */
export function soundZipName(sound: Pick<HumanSound, 'id' | 'name'>, index: number): string {
  return `${String(index + 1).padStart(2, '0')} ${sound.name}.mp3`;
}

/** The name of the downloaded zip. */
export const LIBRARY_ZIP_NAME = 'human-sounds-library.zip';
