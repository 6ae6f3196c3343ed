/**
 * The recipes with air or a hard edge in them: Pop, Tick, the two Deflates and Pishoo. The
 * noise comes from fixed seeds, so each run makes the same samples; the numbers here are the
 * sound, and the catalogue's "how it was made" text describes them.
 */
import { SAMPLE_RATE, attackDecay, fall, filter, glide, mixAt, noise, ring, rise, samplesFor, shape, tone } from './dsp.ts';
import type { Partial } from './dsp.ts';

export const POP_SECONDS = 0.15;

/** A bubble's pop: a tone leaping from 350 Hz towards 1.1 kHz in a few milliseconds and gone in 0.1 s, with a tiny click. */
export function pop(): Float64Array {
  const n = samplesFor(POP_SECONDS);
  const body = tone(n, (t) => 350 + 750 * (1 - Math.exp(-t / 0.012)), [
    { ratio: 1, gain: 1 },
    { ratio: 2, gain: 0.15 },
  ]);
  shape(body, (t) => attackDecay(t, 0.0015, 0.025));
  const click = shape(filter(noise(n, 11), 'high', () => 1000, 0.7), (t) => Math.exp(-t / 0.002));
  return mixAt(body, click, 0, 0.25);
}

export const TICK_SECONDS = 0.12;

/** A clock's tick: a millisecond of noise through a narrow 3.2 kHz band and two tiny wooden resonances. */
export function tick(): Float64Array {
  const n = samplesFor(TICK_SECONDS);
  const out = shape(filter(noise(n, 23), 'band', () => 3200, 4), (t) => Math.exp(-t / 0.0006));
  mixAt(out, ring(n, 2100, 0.6, 0.006));
  mixAt(out, ring(n, 5300, 0.3, 0.003));
  return out;
}

export interface DeflateVoice {
  readonly seconds: number;
  readonly fromHz: number;
  readonly toHz: number;
  readonly seed: number;
}

export const DEFLATE_HIGH: DeflateVoice = { seconds: 0.9, fromHz: 950, toHz: 380, seed: 101 };
export const DEFLATE_LOW: DeflateVoice = { seconds: 1.25, fromHz: 330, toHz: 110, seed: 202 };

/** A reedy series: odd harmonics louder than even ones, like a balloon's stretched neck. */
const REED: readonly Partial[] = Array.from({ length: 24 }, (_, index) => {
  const k = index + 1;
  return { ratio: k, gain: (k % 2 === 1 ? 1 : 0.5) / k };
});

/**
 * A balloon letting its air out: a reedy squeal whose pitch falls (fast at first) and wavers,
 * softened by a filter that follows it, with the hiss of escaping air, and a sputter as the
 * last of the air goes.
 */
export function deflate(voice: DeflateVoice): Float64Array {
  const { seconds, fromHz, toHz, seed } = voice;
  const n = samplesFor(seconds);
  const wobble = filter(noise(n, seed), 'low', () => 14, 0.7);
  const wobblePeak = wobble.reduce((peak, value) => Math.max(peak, Math.abs(value)), 0);
  const at = (t: number) => Math.min(n - 1, Math.round(t * SAMPLE_RATE));
  const pitch = (t: number) => glide(fromHz, toHz, (t / seconds) ** 0.7) * (1 + (0.03 * (wobble[at(t)] ?? 0)) / wobblePeak);
  const squeal = filter(tone(n, pitch, REED), 'low', (t) => 4 * pitch(t), 0.7);
  const level = (t: number) => rise(t, 0.02) * (1 - 0.35 * (t / seconds)) * fall(t, seconds - 0.12, seconds);
  const sputterFrom = 0.7 * seconds;
  shape(squeal, (t) => {
    const depth = 0.8 * rise(t - sputterFrom, seconds - sputterFrom);
    return level(t) * (1 - depth * (0.5 + 0.5 * Math.cos(2 * Math.PI * 22 * t)));
  });
  const breath = filter(noise(n, seed + 1), 'band', (t) => 2.2 * pitch(t), 1.5);
  const hiss = filter(noise(n, seed + 2), 'high', () => 2500, 0.7);
  mixAt(squeal, shape(breath, level), 0, 0.5);
  return mixAt(squeal, shape(hiss, level), 0, 0.1);
}

export const PISHOO_SECONDS = 0.85;
const SHOO_FROM = 0.07;

/** "Pi": a short, bright puff of air. "Shoo": a whoosh swelling and passing by, its colour rising then falling. */
export function pishoo(): Float64Array {
  const n = samplesFor(PISHOO_SECONDS);
  const out = shape(filter(noise(n, 31), 'band', () => 4200, 2.5), (t) => attackDecay(t, 0.002, 0.015));
  const shooSeconds = PISHOO_SECONDS - SHOO_FROM;
  const centre = (t: number) => {
    const u = t / shooSeconds;
    return u < 0.4 ? glide(1200, 3200, u / 0.4) : glide(3200, 900, (u - 0.4) / 0.6);
  };
  const shooNoise = noise(samplesFor(shooSeconds), 37);
  const shoo = filter(shooNoise, 'band', centre, 1.1);
  mixAt(shoo, filter(shooNoise, 'low', () => 600, 0.7), 0, 0.3);
  shape(shoo, (t) => {
    const u = t / shooSeconds;
    return u < 0.36 ? rise(u, 0.36) : fall(u, 0.36, 1);
  });
  return mixAt(out, shoo, SHOO_FROM, 1.2);
}
