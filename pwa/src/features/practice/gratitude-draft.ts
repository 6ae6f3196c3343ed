import { keptWordsFate, type JournalTexts, type KeptJournalTexts } from '#core/practice/unsaved-journal-texts';
import { JOURNAL_TEXT_FIELDS, type JournalTextField } from '#core/schemas/records';

/**
 * The gratitude view's text while the person types: a local draft saved as they go (after a
 * short pause, and at once on leaving a field or the page), so closing the tab loses nothing.
 *
 * The stored record changes too: our own saves coming back, and pulls from other devices. A
 * stored change never replaces a field being edited (focused, or with unsaved words); it is
 * flagged instead, so the person can see that another device wrote to the same day.
 *
 * Words kept from an earlier page come back when the draft starts: as they are when they were
 * lost on the way, and as a choice offered beside the field when another write replaced the text
 * after they were kept.
 */

export type GratitudeTexts = Readonly<Record<JournalTextField, string>>;

export interface FieldDraft {
  readonly value: string;
  /**
   * Where the stored text changed while this field was being edited: on another device, or in
   * another tab or window of this device; false when it did not.
   */
  readonly updatedElsewhere: false | 'device' | 'tab';
  /**
   * Words kept from an earlier page that a later write replaced: the field waits (read-only) until
   * the person takes them or keeps the stored text. Null when there are none.
   */
  readonly keptAside: string | null;
}

export interface DraftSnapshot {
  readonly fields: Readonly<Record<JournalTextField, FieldDraft>>;
  /** Why the last save failed; null when saved (or nothing to save). */
  readonly saveError: string | null;
}

export type SaveTexts = (texts: JournalTexts) => Promise<void>;

/**
 * Where words go that are not stored yet, so a failed save or a closing page loses none of them:
 * `keep` takes each field's on-screen text, `stored` says which texts are now in the database.
 */
export interface DraftKeeper {
  readonly keep: (texts: KeptJournalTexts) => void;
  /** These texts are stored, or the person gave them up: what was kept for them can go. */
  readonly stored: (texts: JournalTexts) => void;
}

export interface GratitudeDraft {
  readonly subscribe: (onChange: () => void) => () => void;
  readonly getSnapshot: () => DraftSnapshot;
  /**
   * The stored texts, each time they are read (first load included), and which of them this
   * device wrote last (here or in another of its tabs).
   */
  readonly receive: (stored: GratitudeTexts, writtenOnThisDevice?: ReadonlySet<JournalTextField>) => void;
  readonly edit: (field: JournalTextField, value: string) => void;
  readonly focus: (field: JournalTextField) => void;
  readonly blur: (field: JournalTextField) => void;
  /**
   * Saves every unsaved field now. False when that failed: the fields stay unsaved (a later flush
   * tries again) and `saveError` says why, so a caller about to move on can stay instead.
   */
  readonly flush: () => Promise<boolean>;
  /** Hands every field not stored yet (unsaved, or its save still running) to the keeper. */
  readonly keepUnstored: () => void;
  /**
   * Words kept from an earlier page: those lost on the way go back on screen, unsaved, and are
   * saved; those a later write replaced are set aside for the person (`keptAside`); those already
   * stored are only reported as stored.
   */
  readonly restore: (kept: KeptJournalTexts) => void;
  /** Puts the words set aside for the field on screen and saves them. */
  readonly takeKept: (field: JournalTextField) => void;
  /** Keeps the stored text and lets the words set aside for the field go. */
  readonly dropKept: (field: JournalTextField) => void;
}

export const AUTOSAVE_DELAY_MS = 400;

function mapFields<T>(make: (field: JournalTextField) => T): Record<JournalTextField, T> {
  return { gratitudeOne: make('gratitudeOne'), gratitudeTwo: make('gratitudeTwo'), gratitudeThree: make('gratitudeThree') };
}

export function createGratitudeDraft(
  initial: GratitudeTexts,
  save: SaveTexts,
  delayMs = AUTOSAVE_DELAY_MS,
  keeper?: DraftKeeper,
): GratitudeDraft {
  const values = mapFields((field) => initial[field]);
  const stored = mapFields((field) => initial[field]);
  // The texts this draft has saved whose echo (the stored record read back) has not come yet, oldest first.
  const awaitingEcho = mapFields<string[]>(() => []);
  const unsaved = new Set<JournalTextField>();
  // The fields of the save under way.
  const inFlight = new Set<JournalTextField>();
  const elsewhere = new Map<JournalTextField, 'device' | 'tab'>();
  const keptAside = new Map<JournalTextField, string>();
  let focused: JournalTextField | null = null;
  let saveError: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const build = (): DraftSnapshot => ({
    fields: mapFields((field) => ({
      value: values[field],
      updatedElsewhere: elsewhere.get(field) ?? false,
      keptAside: keptAside.get(field) ?? null,
    })),
    saveError,
  });
  let snapshot = build();
  const changed = () => {
    snapshot = build();
    for (const listener of listeners) listener();
  };

  // The words of these fields, with what the store may hold for each as far as this page knows: the
  // text read last, and its own saves not read back yet.
  const withBase = (texts: JournalTexts): KeptJournalTexts => {
    const kept: KeptJournalTexts = {};
    for (const field of JOURNAL_TEXT_FIELDS) {
      const text = texts[field];
      if (text !== undefined) kept[field] = { text, over: [stored[field], ...awaitingEcho[field]] };
    }
    return kept;
  };

  async function saveUnsaved(): Promise<boolean> {
    if (unsaved.size === 0) return saveError === null;
    const texts: JournalTexts = {};
    for (const field of unsaved) {
      texts[field] = values[field];
      awaitingEcho[field].push(values[field]);
      inFlight.add(field);
    }
    unsaved.clear();
    try {
      await save(texts);
      saveError = null;
      keeper?.stored(texts);
    } catch (error) {
      const onScreen: JournalTexts = {};
      for (const field of JOURNAL_TEXT_FIELDS) {
        const text = texts[field];
        if (text === undefined) continue;
        // Nothing was stored, so no echo comes; the words are unsaved again unless newer ones are.
        awaitingEcho[field].pop();
        if (text === values[field]) unsaved.add(field);
        onScreen[field] = values[field];
      }
      saveError = error instanceof Error ? error.message : 'The text could not be saved.';
      keeper?.keep(withBase(onScreen));
    } finally {
      inFlight.clear();
    }
    changed();
    return saveError === null;
  }

  // One save at a time, in order: a flush answers only once everything before it has settled too.
  let saving: Promise<boolean> = Promise.resolve(true);
  function flush(): Promise<boolean> {
    clearTimeout(timer);
    saving = saving.then(saveUnsaved);
    return saving;
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    receive: (next, writtenOnThisDevice = new Set()) => {
      for (const field of JOURNAL_TEXT_FIELDS) {
        const text = next[field];
        if (text === stored[field]) continue;
        stored[field] = text;
        const echoed = awaitingEcho[field].indexOf(text);
        // Our own save read back: it and every save before it are in.
        if (echoed >= 0) awaitingEcho[field].splice(0, echoed + 1);
        // Words set aside that have come in after all (saved from another tab, say): nothing to choose.
        if (keptAside.get(field) === text) {
          keptAside.delete(field);
          keeper?.stored({ [field]: text });
        }
        if (text === values[field]) elsewhere.delete(field);
        // An earlier save of ours, while newer words are on screen (saved since, or about to be).
        else if (echoed >= 0) continue;
        // Not one of ours: this device's other tab wrote it, or another device did.
        else if (focused === field || unsaved.has(field)) elsewhere.set(field, writtenOnThisDevice.has(field) ? 'tab' : 'device');
        else values[field] = text;
      }
      changed();
    },
    edit: (field, value) => {
      values[field] = value;
      unsaved.add(field);
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
      changed();
    },
    focus: (field) => {
      focused = field;
    },
    blur: (field) => {
      if (focused === field) focused = null;
      void flush();
    },
    flush,
    keepUnstored: () => {
      const texts: JournalTexts = {};
      for (const field of JOURNAL_TEXT_FIELDS) if (unsaved.has(field) || inFlight.has(field)) texts[field] = values[field];
      if (Object.keys(texts).length > 0) keeper?.keep(withBase(texts));
    },
    restore: (kept) => {
      const alreadyStored: JournalTexts = {};
      let restored = false;
      let setAside = false;
      for (const field of JOURNAL_TEXT_FIELDS) {
        const words = kept[field];
        if (words === undefined) continue;
        const fate = keptWordsFate(words, stored[field]);
        if (fate === 'stored') {
          alreadyStored[field] = words.text;
        } else if (fate === 'superseded') {
          keptAside.set(field, words.text);
          setAside = true;
        } else {
          values[field] = words.text;
          unsaved.add(field);
          restored = true;
        }
      }
      if (Object.keys(alreadyStored).length > 0) keeper?.stored(alreadyStored);
      if (restored || setAside) changed();
      if (restored) void flush();
    },
    takeKept: (field) => {
      const text = keptAside.get(field);
      if (text === undefined) return;
      keptAside.delete(field);
      values[field] = text;
      unsaved.add(field);
      changed();
      // Still kept on the device until this save is in.
      void flush();
    },
    dropKept: (field) => {
      const text = keptAside.get(field);
      if (text === undefined) return;
      keptAside.delete(field);
      keeper?.stored({ [field]: text });
      changed();
    },
  };
}
