import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HUMAN_SOUNDS } from '#core/human-sounds/catalogue';
import { samplesFor } from './dsp.ts';
import { MP3_BITRATE_KBPS, PREVIEW_FILE, audioFile, readManifest, sha256 } from './manifest.ts';
import { readFrameHeader, readMp3 } from './mp3-frames.ts';
import { RECIPES } from './recipes.ts';

const manifest = readManifest();

/**
 * ffmpeg's LAME wrapper records a little too much end padding when a sound's length leaves
 * fewer than about 47 samples in its last frame, so such a file plays up to 47 samples (1 ms) of
 * silence more than its recipe; the committed sounds avoid it, and the check allows for it.
 */
const PADDING_SLACK = 47;

describe('the frame header reader', () => {
  it('reads an MPEG-1 Layer III header: bitrate, sample rate, channels and frame length', () => {
    // 0xFFFB: sync, MPEG-1, Layer III, no CRC; 0x70: 96 kbit/s, 44.1 kHz, no padding; 0xC0: mono.
    const frame = readFrameHeader(Uint8Array.of(0xff, 0xfb, 0x70, 0xc0), 0);
    expect(frame).toEqual({ offset: 0, length: 313, version: 'MPEG-1', layer: 3, bitrateKbps: 96, sampleRate: 44_100, channels: 1 });
    expect(readFrameHeader(Uint8Array.of(0xff, 0xfb, 0x72, 0x00), 0)).toMatchObject({ length: 314, channels: 2 });
  });

  it('refuses what is not an MPEG-1 Layer III frame', () => {
    expect(() => readFrameHeader(Uint8Array.of(0x49, 0x44, 0x33, 0x04), 0)).toThrow(/no frame sync/);
    expect(() => readFrameHeader(Uint8Array.of(0xff, 0xfd, 0x70, 0xc0), 0)).toThrow(/Layer 2/);
    expect(() => readFrameHeader(Uint8Array.of(0xff, 0xf3, 0x70, 0xc0), 0)).toThrow(/MPEG-2 Layer 3/);
    expect(() => readFrameHeader(Uint8Array.of(0xff, 0xfb, 0x7c, 0xc0), 0)).toThrow(/sample rate/);
  });

  it('refuses a file cut short in the middle of a frame', () => {
    const bytes = readFileSync(audioFile('pop'));
    expect(() => readMp3(bytes.subarray(0, bytes.length - 10))).toThrow(/runs past the end/);
  });
});

describe('the committed MP3s', () => {
  it.each(HUMAN_SOUNDS.map((sound) => sound.id))('%s is the file the manifest records', (id) => {
    const bytes = readFileSync(audioFile(id));
    const entry = manifest.sounds.find((sound) => sound.id === id);
    expect(sha256(bytes)).toBe(entry?.mp3Sha256);
    expect(bytes.length).toBe(entry?.mp3Bytes);
    expect(bytes.length).toBeLessThan(32 * 1024);
  });

  it.each(HUMAN_SOUNDS.map((sound) => sound.id))('%s is constant-bitrate mono MPEG-1 Layer III at 44.1 kHz, as long as its recipe', (id) => {
    const mp3 = readMp3(readFileSync(audioFile(id)));
    for (const frame of mp3.frames) {
      expect(frame).toMatchObject({ version: 'MPEG-1', layer: 3, sampleRate: 44_100, channels: 1, bitrateKbps: MP3_BITRATE_KBPS });
    }
    // The first frame is LAME's Info frame; the others are the audio.
    expect(mp3.gapless?.frames).toBe(mp3.frames.length - 1);
    const expected = samplesFor(RECIPES[id].seconds);
    expect(mp3.samples).toBeGreaterThanOrEqual(expected);
    expect(mp3.samples - expected).toBeLessThanOrEqual(PADDING_SLACK);
  });
});

describe('the preview video', () => {
  it('is the WebM the manifest records, under 1 MB', () => {
    const bytes = readFileSync(PREVIEW_FILE);
    expect(sha256(bytes)).toBe(manifest.preview.sha256);
    expect(bytes.length).toBe(manifest.preview.bytes);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    // An EBML header whose document type is "webm".
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(bytes.subarray(0, 64).includes(Buffer.from('webm'))).toBe(true);
  });

  it('lasts long enough to play all ten sounds', () => {
    const total = Object.values(RECIPES).reduce((sum, recipe) => sum + recipe.seconds, 0);
    expect(manifest.preview.seconds).toBeGreaterThan(total);
    expect(manifest.preview.seconds).toBeLessThan(30);
  });
});
