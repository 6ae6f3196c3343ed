import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalTexts, KeptJournalTexts } from '#core/practice/unsaved-journal-texts';
import { createGratitudeDraft, type DraftKeeper, type GratitudeTexts } from './gratitude-draft';

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
    expect(fields.gratitudeOne).toEqual({ value: 'Mine', updatedElsewhere: 'device', keptAside: null });
    // A field nobody is editing follows the stored text.
    expect(fields.gratitudeTwo).toEqual({ value: 'Pulled', updatedElsewhere: false, keptAside: null });
  });

  it('tells a change made in another tab of this device from one made on another device', () => {
    const draft = createGratitudeDraft(EMPTY, () => Promise.resolve());
    draft.focus('gratitudeOne');
    draft.edit('gratitudeOne', 'Mine');
    draft.receive({ ...EMPTY, gratitudeOne: 'From the other tab' }, new Set(['gratitudeOne']));
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'Mine', updatedElsewhere: 'tab', keptAside: null });
  });

  it('takes its own saved text coming back as no news, even when typing went on', async () => {
    const draft = createGratitudeDraft(EMPTY, () => Promise.resolve());
    draft.focus('gratitudeOne');
    draft.edit('gratitudeOne', 'Sun');
    await draft.flush();
    draft.edit('gratitudeOne', 'Sunrise');
    draft.receive({ ...EMPTY, gratitudeOne: 'Sun' });
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'Sunrise', updatedElsewhere: false, keptAside: null });
  });

  it('keeps the words and says so when saving fails, and tries again on the next flush', async () => {
    const save = vi.fn<(texts: object) => Promise<void>>().mockRejectedValueOnce(new Error('Disk full')).mockResolvedValue();
    const draft = createGratitudeDraft(EMPTY, save);
    draft.edit('gratitudeThree', 'Walk');
    expect(await draft.flush()).toBe(false);
    expect(draft.getSnapshot().saveError).toBe('Disk full');
    expect(await draft.flush()).toBe(true);
    expect(save).toHaveBeenLastCalledWith({ gratitudeThree: 'Walk' });
    expect(draft.getSnapshot().saveError).toBeNull();
  });

  it('keeps the newer words on screen when an earlier save of its own is read back late', async () => {
    const saves: { texts: object; done: () => void }[] = [];
    const save = vi.fn((texts: object) => new Promise<void>((resolve) => saves.push({ texts, done: resolve })));
    const draft = createGratitudeDraft(EMPTY, save);
    draft.focus('gratitudeOne');
    draft.edit('gratitudeOne', 'abc');
    const first = draft.flush();
    await vi.advanceTimersByTimeAsync(0);
    draft.edit('gratitudeOne', 'abcd');
    draft.blur('gratitudeOne');
    saves[0]?.done();
    await first;
    // The first save's text comes back from the store after the second save has started.
    draft.receive({ ...EMPTY, gratitudeOne: 'abc' });
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'abcd', updatedElsewhere: false, keptAside: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves[1]?.texts).toEqual({ gratitudeOne: 'abcd' });
    saves[1]?.done();
    draft.receive({ ...EMPTY, gratitudeOne: 'abcd' });
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'abcd', updatedElsewhere: false, keptAside: null });
    // Another device's text afterwards still shows, as before.
    draft.receive({ ...EMPTY, gratitudeOne: 'abc' });
    expect(draft.getSnapshot().fields.gratitudeOne.value).toBe('abc');
  });

  it('answers a flush only once an earlier save still under way has settled, and says when it failed', async () => {
    let fail: (error: Error) => void = () => undefined;
    const save = vi
      .fn<(texts: object) => Promise<void>>()
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)))
      .mockRejectedValueOnce(new Error('Disk full'))
      .mockResolvedValue();
    const draft = createGratitudeDraft(EMPTY, save);
    draft.edit('gratitudeTwo', 'Tea');
    draft.blur('gratitudeTwo');
    // Done, pressed while the blur's save is still running: nothing is unsaved at this moment.
    const done = draft.flush();
    await vi.advanceTimersByTimeAsync(0);
    fail(new Error('Disk full'));
    expect(await done).toBe(false);
    expect(save).toHaveBeenCalledTimes(2);
    expect(draft.getSnapshot().saveError).toBe('Disk full');
    expect(await draft.flush()).toBe(true);
    expect(save).toHaveBeenLastCalledWith({ gratitudeTwo: 'Tea' });
  });
});

describe('words the draft could not store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function recordingKeeper() {
    const kept: KeptJournalTexts[] = [];
    const stored: JournalTexts[] = [];
    const keeper: DraftKeeper = { keep: (texts) => kept.push(texts), stored: (texts) => stored.push(texts) };
    return { keeper, kept, stored };
  }

  it('hands the on-screen text of a field whose save failed to the keeper', async () => {
    const { keeper, kept, stored } = recordingKeeper();
    const draft = createGratitudeDraft(EMPTY, () => Promise.reject(new Error('Out of storage')), 400, keeper);
    draft.edit('gratitudeOne', 'Snow');
    expect(await draft.flush()).toBe(false);
    expect(kept).toEqual([{ gratitudeOne: { text: 'Snow', over: [''] } }]);
    expect(stored).toEqual([]);
  });

  it('keeps the newest words, typed while the failing save ran', async () => {
    const { keeper, kept } = recordingKeeper();
    let fail: (error: Error) => void = () => undefined;
    const draft = createGratitudeDraft(EMPTY, () => new Promise((_, reject) => (fail = reject)), 400, keeper);
    draft.edit('gratitudeOne', 'Snow');
    const saving = draft.flush();
    await vi.advanceTimersByTimeAsync(0);
    draft.edit('gratitudeOne', 'Snowfall');
    fail(new Error('Out of storage'));
    await saving;
    expect(kept).toEqual([{ gratitudeOne: { text: 'Snowfall', over: [''] } }]);
  });

  it('tells the keeper what was stored', async () => {
    const { keeper, stored } = recordingKeeper();
    const draft = createGratitudeDraft(EMPTY, () => Promise.resolve(), 400, keeper);
    draft.edit('gratitudeTwo', 'Tea');
    expect(await draft.flush()).toBe(true);
    expect(stored).toEqual([{ gratitudeTwo: 'Tea' }]);
  });

  it('on the way out keeps unsaved fields and those whose save is still running, nothing else', async () => {
    const { keeper, kept } = recordingKeeper();
    const draft = createGratitudeDraft({ ...EMPTY, gratitudeThree: 'Stored' }, () => new Promise(() => undefined), 400, keeper);
    draft.keepUnstored();
    expect(kept).toEqual([]);
    draft.edit('gratitudeOne', 'Snow');
    void draft.flush();
    await vi.advanceTimersByTimeAsync(0);
    draft.edit('gratitudeTwo', 'Tea');
    draft.keepUnstored();
    // With what the store may hold: the text read, and the save still running.
    expect(kept).toEqual([{ gratitudeOne: { text: 'Snow', over: ['', 'Snow'] }, gratitudeTwo: { text: 'Tea', over: [''] } }]);
  });

  it('puts kept words back on screen and saves them; a kept text already stored is only reported', async () => {
    const { keeper, stored } = recordingKeeper();
    const save = vi.fn(() => Promise.resolve());
    const draft = createGratitudeDraft({ ...EMPTY, gratitudeTwo: 'Tea' }, save, 400, keeper);
    draft.restore({ gratitudeOne: { text: 'Snow', over: [''] }, gratitudeTwo: { text: 'Tea', over: [''] } });
    expect(draft.getSnapshot().fields.gratitudeOne.value).toBe('Snow');
    expect(stored).toEqual([{ gratitudeTwo: 'Tea' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledExactlyOnceWith({ gratitudeOne: 'Snow' });
    expect(stored).toEqual([{ gratitudeTwo: 'Tea' }, { gratitudeOne: 'Snow' }]);
  });

  it('sets aside kept words that a later write replaced, and puts them in only when the person says so', async () => {
    const { keeper, stored } = recordingKeeper();
    const save = vi.fn(() => Promise.resolve());
    // Another device wrote the field after this device kept its words.
    const draft = createGratitudeDraft({ ...EMPTY, gratitudeOne: 'Rain on the window' }, save, 400, keeper);
    draft.restore({ gratitudeOne: { text: 'The first snow', over: [''] } });
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'Rain on the window', updatedElsewhere: false, keptAside: 'The first snow' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).not.toHaveBeenCalled();

    draft.takeKept('gratitudeOne');
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'The first snow', updatedElsewhere: false, keptAside: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledExactlyOnceWith({ gratitudeOne: 'The first snow' });
    expect(stored).toEqual([{ gratitudeOne: 'The first snow' }]);
  });

  it('lets set-aside words go when the person keeps the current text', () => {
    const { keeper, stored } = recordingKeeper();
    const save = vi.fn(() => Promise.resolve());
    const draft = createGratitudeDraft({ ...EMPTY, gratitudeOne: 'Rain on the window' }, save, 400, keeper);
    draft.restore({ gratitudeOne: { text: 'The first snow', over: [''] } });
    draft.dropKept('gratitudeOne');
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'Rain on the window', updatedElsewhere: false, keptAside: null });
    expect(stored).toEqual([{ gratitudeOne: 'The first snow' }]);
    expect(save).not.toHaveBeenCalled();
  });

  it('has nothing to ask once the set-aside words are stored after all', () => {
    const { keeper, stored } = recordingKeeper();
    const draft = createGratitudeDraft({ ...EMPTY, gratitudeOne: 'Rain on the window' }, () => Promise.resolve(), 400, keeper);
    draft.restore({ gratitudeOne: { text: 'The first snow', over: [''] } });
    draft.receive({ ...EMPTY, gratitudeOne: 'The first snow' });
    expect(draft.getSnapshot().fields.gratitudeOne).toEqual({ value: 'The first snow', updatedElsewhere: false, keptAside: null });
    expect(stored).toEqual([{ gratitudeOne: 'The first snow' }]);
  });

  it('puts back kept words whose own earlier save is what the store holds: nothing newer replaced them', async () => {
    const save = vi.fn(() => Promise.resolve());
    const draft = createGratitudeDraft({ ...EMPTY, gratitudeOne: 'Snow' }, save, 400, recordingKeeper().keeper);
    draft.restore({ gratitudeOne: { text: 'Snowfall', over: ['', 'Snow'] } });
    expect(draft.getSnapshot().fields.gratitudeOne.keptAside).toBeNull();
    expect(draft.getSnapshot().fields.gratitudeOne.value).toBe('Snowfall');
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledExactlyOnceWith({ gratitudeOne: 'Snowfall' });
  });
});
