/**
 * The free preview video: a title card, then the ten sounds in the catalogue's order, each in a
 * slot of its own with its name written above a live waveform of what is playing. The audio is
 * laid out here from the same PCM as the MP3s; ffmpeg draws the pictures.
 */
import { SAMPLE_RATE, samplesFor } from './dsp.ts';

/** DejaVu Sans, from Debian's fonts-dejavu-core (the font is not ours to commit). */
export const PREVIEW_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

const WIDTH = 480;
const HEIGHT = 270;
const FPS = 24;
const TITLE_SECONDS = 2.2;
/** Silence before each sound in its slot, and the least time after it. */
const LEAD_SECONDS = 0.25;
const TAIL_SECONDS = 0.45;
const MIN_SLOT_SECONDS = 1.5;

const PAPER = '0xf6f7f9';
const INK = '0x121722';
const MUTED = '0x4a5263';
const ACCENT = '0x1f5bd6';

export interface PreviewSound {
  readonly name: string;
  readonly pcm: Int16Array;
}

export interface Slot {
  readonly name: string;
  readonly from: number;
  readonly to: number;
}

export interface Preview {
  readonly pcm: Int16Array;
  readonly slots: readonly Slot[];
  readonly seconds: number;
}

/** Lays the sounds end to end after the title, each slot long enough for its sound and a breath. */
export function layOutPreview(sounds: readonly PreviewSound[]): Preview {
  const slots: Slot[] = [];
  let at = TITLE_SECONDS;
  for (const sound of sounds) {
    const length = Math.max(MIN_SLOT_SECONDS, LEAD_SECONDS + sound.pcm.length / SAMPLE_RATE + TAIL_SECONDS);
    const to = Math.round((at + length) * FPS) / FPS;
    slots.push({ name: sound.name, from: at, to });
    at = to;
  }
  const pcm = new Int16Array(samplesFor(at));
  sounds.forEach((sound, index) => pcm.set(sound.pcm, samplesFor((slots[index]?.from ?? 0) + LEAD_SECONDS)));
  return { pcm, slots, seconds: at };
}

/** Text for drawtext, kept to characters that need no escaping inside a filter graph. */
function safeText(text: string): string {
  if (!/^[A-Za-z0-9 ,./-]+$/.test(text)) throw new Error(`cannot draw "${text}": only letters, digits, spaces and , . / -`);
  return text;
}

function text(content: string, size: number, color: string, y: number, from: number, to: number): string {
  return [
    `drawtext=fontfile=${PREVIEW_FONT}`,
    `text='${safeText(content)}'`,
    `fontsize=${size}`,
    `fontcolor=${color}`,
    'x=(w-text_w)/2',
    `y=${y}`,
    `enable='between(t,${from.toFixed(3)},${(to - 0.001).toFixed(3)})'`,
  ].join(':');
}

/** The background input (ffmpeg's lavfi colour source) for a preview of `seconds`. */
export function previewBackground(seconds: number): string {
  return `color=c=${PAPER}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${seconds.toFixed(3)}`;
}

/** The filter graph: the audio split into what is heard and what is drawn, the titles on top. */
export function previewFilterGraph(preview: Preview): string {
  const titles = [
    text('Human Sounds', 36, INK, 78, 0, TITLE_SECONDS),
    text('Ten UX sounds, made by a script, not recorded', 16, MUTED, 140, 0, TITLE_SECONDS),
    ...preview.slots.flatMap((slot, index) => [
      text(slot.name, 34, INK, 34, slot.from, slot.to),
      text(`${index + 1} / ${preview.slots.length}`, 15, MUTED, 240, slot.from, slot.to),
    ]),
  ];
  return [
    '[0:a]asplit=2[wave][a]',
    `[wave]showwaves=s=${WIDTH}x120:mode=cline:scale=sqrt:rate=${FPS}:colors=${ACCENT}[w]`,
    `[1:v][w]overlay=0:100,${titles.join(',')},format=yuv420p[v]`,
  ].join(';');
}
