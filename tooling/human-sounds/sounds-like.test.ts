/**
 * Each sound measured against its name: what a listener would notice first (a falling or
 * rising pitch, a short burst, two bumps, a high chirp, a hiss) checked on the PCM itself.
 */
import { describe, expect, it } from 'vitest';
import type { HumanSoundId } from '#core/human-sounds/catalogue';
import { SAMPLE_RATE } from './dsp.ts';
import { energySpentBy, loudness, loudnessPeaks, median, pitchBetween, pitchTrack } from './analysis.ts';
import { renderSound } from './recipes.ts';

const pcmOf = new Map<HumanSoundId, Int16Array>();
function sound(id: HumanSoundId): Int16Array {
  const cached = pcmOf.get(id) ?? renderSound(id);
  pcmOf.set(id, cached);
  return cached;
}

function secondsOf(pcm: Int16Array): number {
  return pcm.length / SAMPLE_RATE;
}

/** The median pitch of each quarter of a sound. */
function quarters(id: HumanSoundId): number[] {
  const pcm = sound(id);
  const track = pitchTrack(pcm);
  const seconds = secondsOf(pcm);
  return [0, 1, 2, 3].map((q) => pitchBetween(track, (q * seconds) / 4, ((q + 1) * seconds) / 4));
}

function intervals(times: readonly number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] ?? 0));
}

describe('each sound sounds like its name', () => {
  it('Wind Down falls in pitch, quarter by quarter, and its pulsing slows', () => {
    const [first = 0, second = 0, third = 0, last = 0] = quarters('wind-down');
    expect(first).toBeGreaterThan(second);
    expect(second).toBeGreaterThan(third);
    expect(third).toBeGreaterThan(last);
    expect(first / last).toBeGreaterThan(2);
    const gaps = intervals(loudnessPeaks(sound('wind-down')));
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    expect(gaps.at(-1) ?? 0).toBeGreaterThan(1.8 * (gaps[0] ?? Infinity));
  });

  it('Wake Up rises in pitch, quarter by quarter, and its pulsing quickens', () => {
    const [first = 0, second = 0, third = 0, last = 0] = quarters('wake-up');
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
    expect(last).toBeGreaterThanOrEqual(third * 0.99);
    expect(last / first).toBeGreaterThan(2);
    const gaps = intervals(loudnessPeaks(sound('wake-up'), 0.3, 0.05));
    expect(gaps[0] ?? 0).toBeGreaterThan(1.5 * (gaps.at(-1) ?? Infinity));
  });

  it('Deflate - High and Deflate - Low both fall, and High sits well above Low', () => {
    const high = quarters('deflate-high');
    const low = quarters('deflate-low');
    for (const [first = 0, , , last = 0] of [high, low]) expect(first / last).toBeGreaterThan(1.5);
    expect(median(high)).toBeGreaterThan(2 * median(low));
    expect(secondsOf(sound('deflate-low'))).toBeGreaterThan(secondsOf(sound('deflate-high')));
  });

  it('Pop and Tick are short bursts, and a tick is over sooner than a pop', () => {
    const pop = sound('pop');
    const tick = sound('tick');
    expect(secondsOf(pop)).toBeLessThanOrEqual(0.2);
    expect(secondsOf(tick)).toBeLessThanOrEqual(0.2);
    expect(energySpentBy(pop, 0.9)).toBeLessThan(0.06);
    expect(energySpentBy(tick, 0.9)).toBeLessThan(0.015);
    expect(energySpentBy(tick, 0.9)).toBeLessThan(energySpentBy(pop, 0.9));
  });

  it('Pop is pitched (a tone, not a click)', () => {
    const track = pitchTrack(sound('pop'), 300, 5000);
    expect(median(track.map((frame) => frame.aperiodicity))).toBeLessThan(0.1);
    expect(median(track.map((frame) => frame.hz))).toBeGreaterThan(500);
  });

  it('Tweet is high-pitched: two chirps above 2.5 kHz', () => {
    const pcm = sound('tweet');
    const track = pitchTrack(pcm, 1000, 8000);
    expect(median(track.map((frame) => frame.hz))).toBeGreaterThan(2500);
    expect(loudnessPeaks(pcm, 0.5, 0.06)).toHaveLength(2);
  });

  it('Nudge is two soft low bumps, the second quieter', () => {
    const pcm = sound('nudge');
    const peaks = loudnessPeaks(pcm, 0.3, 0.06);
    expect(peaks).toHaveLength(2);
    const [first = 0, second = 0] = peaks;
    expect(second - first).toBeGreaterThan(0.1);
    expect(second - first).toBeLessThan(0.25);
    const curve = loudness(pcm);
    expect(curve[Math.floor(second / 0.005)] ?? 0).toBeLessThan(curve[Math.floor(first / 0.005)] ?? 0);
    expect(pitchBetween(pitchTrack(pcm), 0, secondsOf(pcm))).toBeLessThan(250);
    // Soft: no sharp edge, the loudest point is reached after a few milliseconds.
    expect(first).toBeGreaterThan(0.005);
  });

  it('Strike is hit at once and keeps ringing on one clear pitch', () => {
    const pcm = sound('strike');
    const curve = loudness(pcm);
    const loudest = Math.max(...curve);
    expect(curve.indexOf(loudest) * 0.005).toBeLessThan(0.01);
    expect(curve[Math.floor(0.8 / 0.005)] ?? 0).toBeGreaterThan(0.1 * loudest);
    const [first = 0, , , last = 0] = quarters('strike');
    expect(Math.abs(first / last - 1)).toBeLessThan(0.02);
  });

  it('Pishoo is noise, not a tone: a puff, then a whoosh that swells', () => {
    const pcm = sound('pishoo');
    const noisy = median(pitchTrack(pcm).map((frame) => frame.aperiodicity));
    const tonal = median(pitchTrack(sound('wake-up')).map((frame) => frame.aperiodicity));
    expect(noisy).toBeGreaterThan(0.5);
    expect(tonal).toBeLessThan(0.1);
    const peaks = loudnessPeaks(pcm, 0.3, 0.04);
    expect(peaks[0]).toBeLessThan(0.05);
    expect(peaks.some((peak) => peak > 0.2 && peak < 0.5)).toBe(true);
  });
});
