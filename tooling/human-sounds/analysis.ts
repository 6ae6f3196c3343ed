/**
 * Measurements that stand in for listening: pitch over time, loudness over time, how soon the
 * energy is spent and how periodic (tonal) or noisy a sound is. The tests use them to check
 * that each recipe sounds like its name; the script prints them as a summary.
 */
import { SAMPLE_RATE } from './dsp.ts';

const FRAME = 1024;
const HOP = 441; // 10 ms

export interface PitchFrame {
  /** The frame's centre, in seconds. */
  readonly seconds: number;
  readonly hz: number;
  /** 0 for a perfectly periodic frame, near 1 for noise (the smallest normalised difference, as in YIN). */
  readonly aperiodicity: number;
  readonly rms: number;
}

function toFloat(pcm: Int16Array): Float64Array {
  return Float64Array.from(pcm, (value) => value / 32_768);
}

function rmsOf(x: Float64Array, start: number, length: number): number {
  let sum = 0;
  for (let i = start; i < start + length; i++) sum += (x[i] ?? 0) ** 2;
  return Math.sqrt(sum / length);
}

/**
 * The pitch of one frame by the YIN method: the lag at which the frame best matches itself
 * shifted, normalised by the running mean, refined between samples.
 */
function framePitch(x: Float64Array, start: number, minLag: number, maxLag: number): { hz: number; aperiodicity: number } {
  const diff = new Float64Array(maxLag + 2);
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    let sum = 0;
    for (let j = 0; j < FRAME; j++) {
      const d = (x[start + j] ?? 0) - (x[start + j + lag] ?? 0);
      sum += d * d;
    }
    diff[lag] = sum;
  }
  const norm = new Float64Array(maxLag + 2).fill(1);
  let running = 0;
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    running += diff[lag] ?? 0;
    norm[lag] = running === 0 ? 1 : ((diff[lag] ?? 0) * lag) / running;
  }
  let best = minLag;
  for (let lag = minLag; lag <= maxLag; lag++) {
    if ((norm[lag] ?? 1) < 0.15) {
      best = lag;
      while (best + 1 <= maxLag && (norm[best + 1] ?? 1) < (norm[best] ?? 1)) best++;
      break;
    }
    if ((norm[lag] ?? 1) < (norm[best] ?? 1)) best = lag;
  }
  const before = norm[best - 1] ?? 1;
  const here = norm[best] ?? 1;
  const after = norm[best + 1] ?? 1;
  const curve = before - 2 * here + after;
  const shift = curve > 0 ? (0.5 * (before - after)) / curve : 0;
  return { hz: SAMPLE_RATE / (best + Math.max(-0.5, Math.min(0.5, shift))), aperiodicity: here };
}

/** Pitch every 10 ms between `minHz` and `maxHz`, for the frames louder than 10% of the loudest. */
export function pitchTrack(pcm: Int16Array, minHz = 80, maxHz = 5000): PitchFrame[] {
  const x = toFloat(pcm);
  const maxLag = Math.ceil(SAMPLE_RATE / minHz);
  const minLag = Math.max(2, Math.floor(SAMPLE_RATE / maxHz));
  const frames: PitchFrame[] = [];
  for (let start = 0; start + FRAME + maxLag + 1 <= x.length; start += HOP) {
    const rms = rmsOf(x, start, FRAME);
    frames.push({ seconds: (start + FRAME / 2) / SAMPLE_RATE, rms, ...framePitch(x, start, minLag, maxLag) });
  }
  const loudest = frames.reduce((max, frame) => Math.max(max, frame.rms), 0);
  return frames.filter((frame) => frame.rms >= 0.1 * loudest);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median pitch of the tonal frames (aperiodicity under 0.3) whose centre lies in [from, to) seconds. */
export function pitchBetween(track: readonly PitchFrame[], fromSeconds: number, toSeconds: number): number {
  return median(track.filter((f) => f.seconds >= fromSeconds && f.seconds < toSeconds && f.aperiodicity < 0.3).map((f) => f.hz));
}

/** Loudness (RMS) in 5 ms steps. */
export function loudness(pcm: Int16Array, stepSeconds = 0.005): number[] {
  const x = toFloat(pcm);
  const step = Math.round(stepSeconds * SAMPLE_RATE);
  const out: number[] = [];
  for (let start = 0; start + step <= x.length; start += step) out.push(rmsOf(x, start, step));
  return out;
}

/** The times (seconds) of the loudness peaks above `share` of the loudest, at least `gapSeconds` apart. */
export function loudnessPeaks(pcm: Int16Array, share = 0.3, gapSeconds = 0.04): number[] {
  const step = 0.005;
  const curve = loudness(pcm, step);
  const loudest = Math.max(...curve);
  const gap = Math.round(gapSeconds / step);
  const peaks: number[] = [];
  curve.forEach((value, index) => {
    if (value < share * loudest) return;
    for (let other = Math.max(0, index - gap); other <= Math.min(curve.length - 1, index + gap); other++) {
      if ((curve[other] ?? 0) > value || ((curve[other] ?? 0) === value && other < index)) return;
    }
    peaks.push((index + 0.5) * step);
  });
  return peaks;
}

/** The time by which `share` of the sound's energy has been heard. */
export function energySpentBy(pcm: Int16Array, share: number): number {
  let total = 0;
  for (const value of pcm) total += value * value;
  let sum = 0;
  for (let i = 0; i < pcm.length; i++) {
    sum += (pcm[i] ?? 0) ** 2;
    if (sum >= share * total) return i / SAMPLE_RATE;
  }
  return pcm.length / SAMPLE_RATE;
}

/** The pitch implied by the zero-crossing rate over a span (a rough measure that suits high, pure tones). */
export function zeroCrossingHz(pcm: Int16Array, fromSeconds: number, toSeconds: number): number {
  const from = Math.round(fromSeconds * SAMPLE_RATE);
  const to = Math.min(pcm.length, Math.round(toSeconds * SAMPLE_RATE));
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if (((pcm[i - 1] ?? 0) < 0) !== ((pcm[i] ?? 0) < 0)) crossings++;
  return crossings / 2 / ((to - from) / SAMPLE_RATE);
}

export function peakOf(pcm: Int16Array): number {
  return pcm.reduce((peak, value) => Math.max(peak, Math.abs(value)), 0);
}
