import { describe, expect, it } from 'vitest';
import { HUMAN_SOUNDS } from '#core/human-sounds/catalogue';
import { PEAK_TARGET, SAMPLE_RATE, noise, pcmBytes, samplesFor } from './dsp.ts';
import { peakOf } from './analysis.ts';
import { readManifest, sha256 } from './manifest.ts';
import { RECIPES, renderSound } from './recipes.ts';

const manifest = readManifest();

describe('the synthesis', () => {
  it('draws the same noise from the same seed, and other noise from another', () => {
    expect(noise(64, 5)).toEqual(noise(64, 5));
    expect(noise(64, 5)).not.toEqual(noise(64, 6));
  });

  it.each(HUMAN_SOUNDS.map((sound) => sound.id))('%s renders bit for bit the PCM recorded in the manifest', (id) => {
    const first = pcmBytes(renderSound(id));
    const second = pcmBytes(renderSound(id));
    expect(second.equals(first)).toBe(true);
    const entry = manifest.sounds.find((sound) => sound.id === id);
    expect(entry?.pcmSha256).toBe(sha256(first));
    expect(entry?.samples).toBe(first.length / 2);
  });

  it.each(HUMAN_SOUNDS.map((sound) => sound.id))('%s is short, at 44.1 kHz, and peaks at -1 dBFS without clipping', (id) => {
    const pcm = renderSound(id);
    const seconds = RECIPES[id].seconds;
    expect(manifest.sampleRate).toBe(SAMPLE_RATE);
    expect(pcm.length).toBe(samplesFor(seconds));
    expect(seconds).toBeGreaterThanOrEqual(0.1);
    expect(seconds).toBeLessThanOrEqual(2);
    expect(peakOf(pcm)).toBe(Math.round(PEAK_TARGET * 32_767));
    expect(pcm.some((value) => Math.abs(value) >= 32_767)).toBe(false);
    // Silent at both ends: the file neither starts nor stops with a click.
    expect(Math.abs(pcm[0] ?? 0)).toBeLessThan(200);
    expect(Math.abs(pcm[pcm.length - 1] ?? 0)).toBeLessThan(200);
  });
});
