/**
 * The few building blocks the Human Sounds recipes are made of: a seeded noise source, an
 * oscillator that follows a pitch curve, a resonant filter whose frequency may move, and the
 * steps that turn a mix into 16-bit PCM. Everything is plain arithmetic on Float64Arrays with
 * no clock, no randomness from the platform and no library, so a recipe renders to the same
 * samples on every run and on every machine with the same JavaScript engine.
 */

export const SAMPLE_RATE = 44_100;

/** The loudest sample after normalising: 1 dB under full scale, so the MP3 decoder's overshoot does not clip. */
export const PEAK_TARGET = 10 ** (-1 / 20);

export function samplesFor(seconds: number): number {
  return Math.round(seconds * SAMPLE_RATE);
}

/** Mulberry32: a tiny, well-mixed 32-bit generator; the same seed gives the same numbers everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** White noise in [-1, 1), from a seed. */
export function noise(length: number, seed: number): Float64Array {
  const next = seededRandom(seed);
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) out[i] = next() * 2 - 1;
  return out;
}

/** One partial of a tone: a multiple of the pitch and its loudness (which may change over time). */
export interface Partial {
  readonly ratio: number;
  readonly gain: number | ((seconds: number) => number);
}

/**
 * A tone whose pitch follows `hzAt(seconds)`. The phase is accumulated sample by sample, so a
 * glide is smooth (no jumps when the pitch changes). A partial that would pass 18 kHz is left
 * out, which keeps the sound free of aliasing.
 */
export function tone(length: number, hzAt: (seconds: number) => number, partials: readonly Partial[] = [{ ratio: 1, gain: 1 }]): Float64Array {
  const out = new Float64Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const hz = hzAt(t);
    let sample = 0;
    for (const partial of partials) {
      if (partial.ratio * hz >= 18_000) continue;
      const gain = typeof partial.gain === 'number' ? partial.gain : partial.gain(t);
      sample += gain * Math.sin(partial.ratio * phase);
    }
    out[i] = sample;
    phase += (2 * Math.PI * hz) / SAMPLE_RATE;
  }
  return out;
}

/** A sine that starts at full level and dies away with the time constant `decaySeconds` (a struck partial). */
export function ring(length: number, hz: number, gain: number, decaySeconds: number): Float64Array {
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    out[i] = gain * Math.exp(-t / decaySeconds) * Math.sin(2 * Math.PI * hz * t);
  }
  return out;
}

export type FilterMode = 'low' | 'band' | 'high';

/**
 * A state-variable filter in the topology-preserving form, which stays stable while its
 * frequency moves from sample to sample (the sweeps of the whoosh and of the deflating air).
 * The band output is normalised to unity gain at the centre.
 */
export function filter(input: Float64Array, mode: FilterMode, hzAt: (seconds: number) => number, q: number): Float64Array {
  const out = new Float64Array(input.length);
  const k = 1 / q;
  let ic1 = 0;
  let ic2 = 0;
  for (let i = 0; i < input.length; i++) {
    const hz = Math.min(hzAt(i / SAMPLE_RATE), SAMPLE_RATE * 0.45);
    const g = Math.tan((Math.PI * hz) / SAMPLE_RATE);
    const a1 = 1 / (1 + g * (g + k));
    const a2 = g * a1;
    const a3 = g * a2;
    const v0 = input[i] ?? 0;
    const v3 = v0 - ic2;
    const v1 = a1 * ic1 + a2 * v3;
    const v2 = ic2 + a2 * ic1 + a3 * v3;
    ic1 = 2 * v1 - ic1;
    ic2 = 2 * v2 - ic2;
    out[i] = mode === 'low' ? v2 : mode === 'band' ? k * v1 : v0 - k * v1 - v2;
  }
  return out;
}

/** Multiplies a signal by a level curve, in place, and returns it. */
export function shape(signal: Float64Array, levelAt: (seconds: number) => number): Float64Array {
  for (let i = 0; i < signal.length; i++) signal[i] = (signal[i] ?? 0) * levelAt(i / SAMPLE_RATE);
  return signal;
}

/** Adds `part` into `into`, starting at `atSeconds`, scaled by `gain`; returns `into`. */
export function mixAt(into: Float64Array, part: Float64Array, atSeconds = 0, gain = 1): Float64Array {
  const offset = samplesFor(atSeconds);
  for (let i = 0; i < part.length && offset + i < into.length; i++) {
    into[offset + i] = (into[offset + i] ?? 0) + gain * (part[i] ?? 0);
  }
  return into;
}

/** A smooth rise from 0 to 1 over `seconds` (a quarter sine, squared: no corner at either end). */
export function rise(t: number, seconds: number): number {
  if (t >= seconds) return 1;
  if (t <= 0) return 0;
  return Math.sin((Math.PI / 2) * (t / seconds)) ** 2;
}

/** 1 until `fromSeconds`, then a smooth fall to 0 at `toSeconds`. */
export function fall(t: number, fromSeconds: number, toSeconds: number): number {
  return 1 - rise(t - fromSeconds, toSeconds - fromSeconds);
}

/** A strike-like envelope: a short smooth attack, then an exponential decay. */
export function attackDecay(t: number, attackSeconds: number, decaySeconds: number): number {
  if (t < 0) return 0;
  return t < attackSeconds ? rise(t, attackSeconds) : Math.exp(-(t - attackSeconds) / decaySeconds);
}

/** A log-linear glide from `fromHz` to `toHz` as `progress` goes 0 to 1 (equal steps in pitch). */
export function glide(fromHz: number, toHz: number, progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return fromHz * Math.exp(Math.log(toHz / fromHz) * p);
}

/**
 * The last step of every recipe: a fade at both ends (no click where the file starts or stops;
 * the one at the start is short so that a tick keeps its edge), the peak scaled to
 * `PEAK_TARGET`, and rounding to 16-bit integers.
 */
export function finish(mix: Float64Array): Int16Array {
  const fadeIn = samplesFor(0.001);
  const fadeOut = samplesFor(0.01);
  let peak = 0;
  for (let i = 0; i < mix.length; i++) {
    const left = mix.length - 1 - i;
    const level = Math.min(i < fadeIn ? rise(i, fadeIn) : 1, left < fadeOut ? rise(left, fadeOut) : 1);
    const value = (mix[i] ?? 0) * level;
    mix[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  if (peak === 0) throw new Error('a recipe made silence');
  const scale = (PEAK_TARGET * 32_767) / peak;
  const out = new Int16Array(mix.length);
  for (let i = 0; i < mix.length; i++) out[i] = Math.round((mix[i] ?? 0) * scale);
  return out;
}

/** The PCM as little-endian bytes, the form that is hashed and handed to ffmpeg. */
export function pcmBytes(pcm: Int16Array): Buffer {
  const bytes = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) bytes.writeInt16LE(pcm[i] ?? 0, i * 2);
  return bytes;
}
