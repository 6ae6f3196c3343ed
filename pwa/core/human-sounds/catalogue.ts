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
  /**
   * 'See how it was made!': how the script in `tooling/human-sounds` makes it, told plainly, with
   * the recipe's length (a test holds the two together).
   */
  readonly howMade: string;
}

export const HUMAN_SOUNDS = [
  {
    id: 'wind-down',
    name: 'Wind Down',
    goodFor: 'Ending a session, closing a panel, a timer running out',
    vibe: 'Slowing, settling, sleepy',
    howMade:
      'A warm tone (a sine with a soft octave and a trace of the twelfth) gliding from 660 Hz down to 196 Hz over 1.6 s, pulsing 11 times a second at first and 3 times at the end, like a toy running down. Made by our script, not recorded.',
  },
  {
    id: 'pop',
    name: 'Pop',
    goodFor: 'A new item appearing, a badge, a light confirmation',
    vibe: 'Light, playful, quick',
    howMade:
      'A sine that leaps from 350 Hz towards 1.1 kHz within a few milliseconds and dies away in about a tenth of a second, with a 2 ms click of filtered noise at the start; 0.15 s in all. Made by our script, not recorded.',
  },
  {
    id: 'tick',
    name: 'Tick',
    goodFor: 'Ticking a checkbox, a stepper, a countdown',
    vibe: 'Crisp, small, precise',
    howMade:
      'Under a millisecond of noise through a narrow 3.2 kHz band, with two tiny resonances at 2.1 and 5.3 kHz that ring for a few milliseconds, like a clock; 0.12 s in all. Made by our script, not recorded.',
  },
  {
    id: 'nudge',
    name: 'Nudge',
    goodFor: 'A gentle reminder, a hint, an alert that should not startle',
    vibe: 'Soft, friendly, patient',
    howMade:
      'Two low bumps 0.16 s apart, each a tone dropping from about 190 Hz to 150 Hz with its octave and twelfth, a 10 ms attack and a quick fade; the second is lower and quieter; 0.42 s in all. Made by our script, not recorded.',
  },
  {
    id: 'tweet',
    name: 'Tweet',
    goodFor: 'A message sent or received, a cheerful notification',
    vibe: 'Bright, chirpy, outdoorsy',
    howMade:
      'Two bird-like chirps of a near-pure tone with a fast warble: one rising from 2.4 to 4.2 kHz in 70 ms, then one rising to 4.6 kHz and dipping to 3.8 kHz; 0.35 s in all. Made by our script, not recorded.',
  },
  {
    id: 'deflate-high',
    name: 'Deflate - High',
    goodFor: 'Undo, dismissing something small, a playful oops',
    vibe: 'Squeaky, silly, light-hearted',
    howMade:
      'A balloon letting go: a reedy tone (24 harmonics, the odd ones louder) falling from 950 Hz to 380 Hz over 0.9 s with a slight waver, softened by a filter that follows it, over a hiss of noise, sputtering as the air runs out. Made by our script, not recorded.',
  },
  {
    id: 'strike',
    name: 'Strike',
    goodFor: 'A goal reached, a streak kept, the start or end of a meditation',
    vibe: 'Clear, bright, resonant',
    howMade:
      'The partials of a struck metal bar on G5 (784 Hz and 2, 2.76, 5.4 and 8.93 times that, the higher ones fading faster), a twin of the lowest 1.8 Hz apart for a slow shimmer, and a 4 ms hiss for the hit; 1.8 s in all. Made by our script, not recorded.',
  },
  {
    id: 'deflate-low',
    name: 'Deflate - Low',
    goodFor: 'A failure that should not sting, an empty state, a cancelled action',
    vibe: 'Droopy, comic, deflating',
    howMade:
      'The balloon recipe of Deflate - High, lower and longer: a reedy tone falling from 330 Hz to 110 Hz over 1.25 s with the hiss of air and a sputter at the end. Made by our script, not recorded.',
  },
  {
    id: 'pishoo',
    name: 'Pishoo',
    goodFor: 'Sending, swiping away, moving to the next screen',
    vibe: 'Airy, swift, smooth',
    howMade:
      'A short puff of noise in a 4.2 kHz band for the "pi", then the "shoo": noise through a band that sweeps from 1.2 kHz up to 3.2 kHz and down to 900 Hz as it swells and fades; 0.85 s in all. Made by our script, not recorded.',
  },
  {
    id: 'wake-up',
    name: 'Wake Up',
    goodFor: 'Opening the app, a morning reminder, starting a session',
    vibe: 'Rising, hopeful, gentle',
    howMade:
      'The mirror of Wind Down: a tone gliding from 262 Hz up to 784 Hz over 0.9 s, its pulsing quickening from 3 to 9 times a second and its overtones growing, ending on a soft chime at 1568 Hz; 1.4 s in all. Made by our script, not recorded.',
  },
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
