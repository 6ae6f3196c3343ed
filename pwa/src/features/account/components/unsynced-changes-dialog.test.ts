import { describe, expect, it } from 'vitest';
import { keptAsideSentence, unsyncedSentence } from './unsynced-changes-dialog';

describe('what Log Out says of changes not synced', () => {
  it('counts the changes', () => {
    expect(unsyncedSentence(1)).toBe("1 change on this device hasn't been synced yet.");
    expect(unsyncedSentence(3)).toBe("3 changes on this device haven't been synced yet.");
  });

  it('says nothing more when no journal text is kept aside', () => {
    expect(keptAsideSentence(3, 0)).toBeNull();
  });

  it('names kept journal texts and where to keep them, as all or some of the changes', () => {
    expect(keptAsideSentence(1, 1)).toBe(
      'It is a journal text this device could not store yet: choose Cancel, then open the Gratitude Journal (or Previous entries, for an earlier day) to keep it.',
    );
    expect(keptAsideSentence(2, 2)).toMatch(/^They are journal texts this device could not store yet: .* to keep them\.$/);
    expect(keptAsideSentence(5, 1)).toMatch(/^1 of them is a journal text /);
    expect(keptAsideSentence(5, 2)).toMatch(/^2 of them are journal texts /);
  });
});
