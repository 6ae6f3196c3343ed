import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HUMAN_SOUNDS } from '#core/human-sounds/catalogue';
import { AUDIO_DIR, ILLUSTRATIONS_DIR, illustrationFile, readManifest } from './manifest.ts';
import { RECIPES } from './recipes.ts';

const ids = HUMAN_SOUNDS.map((sound) => sound.id).sort();

describe('the Human Sounds files', () => {
  it('has one recipe, one MP3, one illustration and one manifest entry per catalogue sound, and nothing else', () => {
    expect(Object.keys(RECIPES).sort()).toEqual(ids);
    expect(readdirSync(AUDIO_DIR).sort()).toEqual(ids.map((id) => `${id}.mp3`));
    expect(readdirSync(ILLUSTRATIONS_DIR).sort()).toEqual(ids.map((id) => `${id}.svg`));
    expect(readManifest().sounds.map((sound) => sound.id)).toEqual(HUMAN_SOUNDS.map((sound) => sound.id));
  });

  it('tells, in each "how it was made", the length the recipe makes and that a script made it', () => {
    for (const sound of HUMAN_SOUNDS) {
      expect(sound.howMade, sound.id).toContain(`${RECIPES[sound.id].seconds} s`);
      expect(sound.howMade, sound.id).toMatch(/Made by our script, not recorded\.$/);
      expect(sound.goodFor, sound.id).not.toMatch(/TODO/);
      expect(sound.vibe, sound.id).not.toMatch(/TODO/);
    }
  });
});

describe('the illustrations', () => {
  it.each(HUMAN_SOUNDS.map((sound) => sound.id))('%s is a small, self-contained SVG', (id) => {
    const svg = readFileSync(illustrationFile(id), 'utf8');
    expect(svg.length).toBeLessThan(2_048);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"[^>]*>/);
    expect(svg.trimEnd()).toMatch(/<\/svg>$/);
    // Nothing fetched from elsewhere and nothing that runs: no links, images, scripts or styles.
    expect(svg).not.toMatch(/href|<image|<script|<style|<foreignObject|url\(|\bon[a-z]+=/i);
    const namespaces = svg.match(/https?:\/\/[^"]*/g) ?? [];
    expect(namespaces).toEqual(['http://www.w3.org/2000/svg']);
  });

  it('share one style: the same tile and the same stroke', () => {
    const heads = HUMAN_SOUNDS.map((sound) => readFileSync(illustrationFile(sound.id), 'utf8').split('\n')[0]);
    expect(new Set(heads).size).toBe(1);
  });
});
