import { describe, expect, it } from 'vitest';
import type { SavedSomethingNew } from '#core/schemas/something-new';
import { readSavedProfiles, saveProfiles } from './saved-profiles';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    values,
  };
}

const saved: SavedSomethingNew = {
  recent: [{ twitter: 'ada_quill', name: 'Ada Quill', bio: 'Builds calm tools', proflink: null }],
  sample: true,
  datasetUrl: null,
};

describe('saved profiles', () => {
  it('reads back what was saved', () => {
    const storage = memoryStorage();
    saveProfiles(saved, storage);
    expect(readSavedProfiles(storage)).toEqual(saved);
  });

  it.each([
    ['nothing saved', undefined],
    ['not JSON', '{oops'],
    ['another shape', JSON.stringify({ recent: 'ada' })],
    ['a profile with a script address for a picture', JSON.stringify({ ...saved, recent: [{ ...saved.recent[0], proflink: 'javascript:alert(1)' }] })],
  ])('counts %s as nothing saved', (_what, text) => {
    expect(readSavedProfiles(memoryStorage(text === undefined ? {} : { 'memento.somethingNew': text }))).toBeNull();
  });

  it('carries on when storage is blocked or full', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readSavedProfiles(broken)).toBeNull();
    expect(() => saveProfiles(saved, broken)).not.toThrow();
  });
});
