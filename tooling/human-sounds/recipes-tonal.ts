/**
 * The recipes built from pitched tones: Wind Down and Wake Up (a pair, one falling and slowing,
 * one rising and quickening), Nudge, Tweet and Strike. The numbers here are the sound: the
 * catalogue's "how it was made" text describes them, so change both together.
 */
import { SAMPLE_RATE, attackDecay, fall, filter, glide, mixAt, noise, ring, rise, samplesFor, shape, tone } from './dsp.ts';
import type { Partial } from './dsp.ts';

/** Fundamental, a soft octave and a trace of the twelfth: a round, warm tone. */
const WARM: readonly Partial[] = [
  { ratio: 1, gain: 1 },
  { ratio: 2, gain: 0.25 },
  { ratio: 3, gain: 0.08 },
];

/** A pulse train whose rate follows `rateAt`, as a level between `floor` and 1. */
function pulses(length: number, rateAt: (seconds: number) => number, floor: number): Float64Array {
  const out = new Float64Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    out[i] = floor + (1 - floor) * (0.5 - 0.5 * Math.cos(phase));
    phase += (2 * Math.PI * rateAt(i / SAMPLE_RATE)) / SAMPLE_RATE;
  }
  return out;
}

export const WIND_DOWN_SECONDS = 1.6;

/** A warm tone falling from 660 Hz to 196 Hz while its pulsing slows from 11 to 3 a second, like a toy running down. */
export function windDown(): Float64Array {
  const seconds = WIND_DOWN_SECONDS;
  const n = samplesFor(seconds);
  const body = tone(n, (t) => glide(660, 196, t / seconds), WARM);
  const beat = pulses(n, (t) => glide(11, 3, t / seconds), 0.3);
  for (let i = 0; i < n; i++) body[i] = (body[i] ?? 0) * (beat[i] ?? 0);
  return shape(body, (t) => rise(t, 0.03) * (1 - 0.45 * (t / seconds)) * fall(t, seconds - 0.3, seconds));
}

export const WAKE_UP_SECONDS = 1.4;
const WAKE_GLIDE = 0.9;

/** The mirror of Wind Down: rising from 262 Hz to 784 Hz, pulsing faster and getting brighter, ending on a small chime. */
export function wakeUp(): Float64Array {
  const seconds = WAKE_UP_SECONDS;
  const n = samplesFor(seconds);
  const progress = (t: number) => Math.min(1, t / WAKE_GLIDE);
  const eased = (t: number) => {
    const u = progress(t);
    return u * u * (3 - 2 * u);
  };
  const body = tone(n, (t) => glide(262, 784, eased(t)), [
    { ratio: 1, gain: 1 },
    { ratio: 2, gain: (t) => 0.08 + 0.22 * progress(t) },
    { ratio: 3, gain: (t) => 0.1 * progress(t) },
  ]);
  const beat = pulses(n, (t) => glide(3, 9, progress(t)), 0.75);
  for (let i = 0; i < n; i++) body[i] = (body[i] ?? 0) * (beat[i] ?? 0);
  shape(body, (t) => rise(t, 0.12) * (t < WAKE_GLIDE ? 0.55 + 0.45 * progress(t) : Math.exp(-(t - WAKE_GLIDE) / 0.25)));
  const chime = shape(ring(samplesFor(seconds - WAKE_GLIDE), 1568, 0.3, 0.2), (t) => rise(t, 0.004));
  mixAt(body, chime, WAKE_GLIDE);
  return shape(body, (t) => fall(t, seconds - 0.15, seconds));
}

export const NUDGE_SECONDS = 0.42;

/** One soft, low bump: a short tone dropping a little in pitch, with a gentle attack. */
function bump(fromHz: number, toHz: number): Float64Array {
  const body = tone(samplesFor(0.26), (t) => glide(fromHz, toHz, t / 0.08), [
    { ratio: 1, gain: 1 },
    { ratio: 2, gain: 0.35 },
    { ratio: 3, gain: 0.12 },
  ]);
  return shape(body, (t) => attackDecay(t, 0.01, 0.045));
}

/** Two soft low bumps 0.16 s apart, the second a little lower and quieter: a tap on the shoulder. */
export function nudge(): Float64Array {
  const out = new Float64Array(samplesFor(NUDGE_SECONDS));
  mixAt(out, bump(190, 150), 0);
  mixAt(out, bump(180, 142), 0.16, 0.75);
  return out;
}

export const TWEET_SECONDS = 0.35;

/** One chirp: a near-pure tone following `hzAt(progress)` with a quick warble, swelling in and out. */
function chirp(seconds: number, hzAt: (progress: number) => number): Float64Array {
  const body = tone(samplesFor(seconds), (t) => hzAt(t / seconds) * (1 + 0.025 * Math.sin(2 * Math.PI * 45 * t)), [
    { ratio: 1, gain: 1 },
    { ratio: 2, gain: 0.06 },
  ]);
  return shape(body, (t) => {
    const u = t / seconds;
    return rise(u, 0.25) * fall(u, 0.55, 1);
  });
}

/** Two quick bird chirps: a rising "twee" (2.4 to 4.2 kHz) and a longer "eet" that rises to 4.6 kHz and dips. */
export function tweet(): Float64Array {
  const out = new Float64Array(samplesFor(TWEET_SECONDS));
  mixAt(out, chirp(0.07, (u) => 2400 + 1800 * (1 - (1 - u) ** 2)), 0.01);
  mixAt(out, chirp(0.11, (u) => (u < 0.45 ? 3000 + 1600 * rise(u, 0.45) : 4600 - 800 * rise(u - 0.45, 0.55))), 0.14);
  return out;
}

export const STRIKE_SECONDS = 1.8;

/** The partials of a struck metal bar on G5 (784 Hz): multiple of the pitch, level, decay time. */
const STRIKE_PARTIALS: readonly (readonly [number, number, number])[] = [
  [1, 1, 0.9],
  [1.0023, 0.35, 0.9],
  [2, 0.45, 0.5],
  [2.76, 0.3, 0.3],
  [5.4, 0.18, 0.12],
  [8.93, 0.1, 0.05],
];

/** A bright chime: the partials of a struck bar ringing out, and a short hiss of the hit itself. */
export function strike(): Float64Array {
  const n = samplesFor(STRIKE_SECONDS);
  const out = new Float64Array(n);
  for (const [ratio, gain, decay] of STRIKE_PARTIALS) mixAt(out, ring(n, 784 * ratio, gain, decay));
  const hit = shape(filter(noise(n, 7), 'high', () => 3000, 0.7), (t) => Math.exp(-t / 0.004));
  mixAt(out, hit, 0, 0.6);
  return shape(out, (t) => rise(t, 0.0008) * fall(t, STRIKE_SECONDS - 0.3, STRIKE_SECONDS));
}
