import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGratitudeDraft, type GratitudeTexts } from './gratitude-draft';

const EMPTY: GratitudeTexts = { gratitudeOne: '', gratitudeTwo: '', gratitudeThree: '' };

describe('the gratitude draft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves 400 ms after the last keystroke, once, with the latest text', async () => {
    const save = vi.fn(() => Promise.resolve());
    const draft = createGratitudeDraft(EMPTY, save);
    draft.focus('gratitudeOne');
    draft.edit('gratitudeOne', 'S');
    await vi.advanceTimersByTimeAsync(300);
    draft.edit('gratitudeOne', 'Sun');
    await vi.advanceTimersByTimeAsync(399);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith({ gratitudeOne: 'Sun' });
  });

  it('saves at once on blur, and has nothing left to save afterwards', async () => {
    const save = vi.fn(() => Promise.resolve());
    const draft = createGratitudeDraft(EMPTY, save);
    draft.focus('gratitudeTwo');
    draft.edit('gratitudeTwo', 'Tea');
    draft.blur('gratitudeTwo');
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledExactlyOnceWith({ gratitudeTwo: 'Tea' });
    await vi.advanceTimersByTimeAsync(1000);
    await draft.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never overwrites the field being edited; says another device changed it', () => {
    const draft = createGratitudeDraft(EMPTY, () => Promise.resolve());
    draft.focus('gratitudeOne');
    draft.edit('gratitudeOne', 'Mine');
    draft.receive({ ...EMPTY, gratitudeOne: 'Theirs', gratitudeTwo: 'Pulled' });
    const { fields } = draft.getSnapshot();
    expect(fields.gratitudeOne).toEqual({ value: 'Mine', updatedElsewhere: true });
    // A field nobody is editing follows the stored text.
    expect(fields.gratitudeTwo).toEqual({ value: 'Pulled', updatedElsewhere: false });
  });

  it('takes its own saved text coming back as no news, even when typing went on', async () => {
    const draft = createGratitudeDraft(EMPTY, () => Promise.resolve());
    draft.focus('gratitudeOne');
    draft.edit('gratitudeOne', 'Sun');
    await draft.flush();
    draft.edit('gratitudeOne', 'Sunrise');
    draft.receive({ ...EMPTY, gratitudeOne: 'Sun' });
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'Sunrise', updatedElsewhere: false });
  });

  it('keeps the words and says so when saving fails, and tries again on the next flush', async () => {
    const save = vi.fn<(texts: object) => Promise<void>>().mockRejectedValueOnce(new Error('Disk full')).mockResolvedValue();
    const draft = createGratitudeDraft(EMPTY, save);
    draft.edit('gratitudeThree', 'Walk');
    await draft.flush();
    expect(draft.getSnapshot().saveError).toBe('Disk full');
    await draft.flush();
    expect(save).toHaveBeenLastCalledWith({ gratitudeThree: 'Walk' });
    expect(draft.getSnapshot().saveError).toBeNull();
  });
});
