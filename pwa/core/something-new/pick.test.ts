import { describe, expect, it } from 'vitest';
import { pickAnother, rememberProfile, RECENT_PROFILES_MAX } from './pick';

const profiles = ['ada', 'bo', 'cyra', 'dev'].map((twitter) => ({ twitter }));

/** A seeded generator (mulberry32), so a failure replays. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pickAnother', () => {
  it('never gives the profile on screen twice in a row, whatever the draw, and compares handles without case', () => {
    for (const draw of [0, 0.25, 0.5, 0.74, 0.999999]) {
      expect(pickAnother(profiles, 'bo', () => draw)?.twitter).not.toBe('bo');
      expect(pickAnother(profiles, 'BO', () => draw)?.twitter).not.toBe('bo');
    }
  });

  it('over many presses, each press differs from the last and everyone else comes up', () => {
    const random = seeded(16);
    let onScreen: string | undefined;
    const shown = new Set<string>();
    for (let press = 0; press < 400; press++) {
      const next = pickAnother(profiles, onScreen, random);
      expect(next?.twitter).not.toBe(onScreen);
      onScreen = next?.twitter;
      if (onScreen !== undefined) shown.add(onScreen);
    }
    expect([...shown].sort()).toEqual(['ada', 'bo', 'cyra', 'dev']);
  });

  it('with nothing on screen, any profile may come first', () => {
    expect(pickAnother(profiles, undefined, () => 0)?.twitter).toBe('ada');
    expect(pickAnother(profiles, undefined, () => 0.9999)?.twitter).toBe('dev');
  });

  it('repeats only the one profile there is, and gives none from none', () => {
    expect(pickAnother([{ twitter: 'solo' }], 'solo', Math.random)?.twitter).toBe('solo');
    expect(pickAnother([], 'solo', Math.random)).toBeNull();
  });

  it('an unknown handle on screen excludes nobody', () => {
    expect(pickAnother(profiles, 'zed', () => 0.9999)?.twitter).toBe('dev');
  });
});

describe('rememberProfile', () => {
  it('puts the profile first, once, and keeps the most recent few', () => {
    expect(rememberProfile([{ twitter: 'bo' }, { twitter: 'ada' }], { twitter: 'ADA' }).map((p) => p.twitter)).toEqual(['ADA', 'bo']);
    let recent: { twitter: string }[] = [];
    for (let i = 0; i < RECENT_PROFILES_MAX + 5; i++) recent = rememberProfile(recent, { twitter: `p${i}` });
    expect(recent).toHaveLength(RECENT_PROFILES_MAX);
    expect(recent[0]?.twitter).toBe(`p${RECENT_PROFILES_MAX + 4}`);
  });
});
