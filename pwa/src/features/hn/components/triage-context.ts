import { createContext, useContext, useMemo } from 'react';
import { applyTriage, type Triage } from '#core/hn/triage';
import type { HnTriageFields } from '#core/schemas/hn-triage';
import type { WaitingCommentView } from '#core/schemas/hn';

/**
 * What the comment cards and lists of one tracker share about triage (see TriageScope). Outside
 * a scope (or before the device has been read) nothing is hidden and no card offers triage.
 */
export interface TriageScopeValue {
  readonly postId: number;
  readonly triages: ReadonlyMap<number, Triage>;
  readonly now: number;
  /**
   * Saves a decision about `comment`, offers to undo it, and moves focus to `focusNext` (the
   * next card's first action, as the card leaves the list) or, when null, to the Undo button.
   */
  readonly act: (comment: WaitingCommentView, fields: HnTriageFields, focusNext: HTMLElement | null) => Promise<void>;
}

export const TriageContext = createContext<TriageScopeValue | null>(null);

export function useTriageScope(): TriageScopeValue | null {
  return useContext(TriageContext);
}

/** The comments of a list that still wait, at the scope's time: done and snoozed ones left out. */
export function useWaitingComments(comments: readonly WaitingCommentView[]): readonly WaitingCommentView[] {
  const scope = useTriageScope();
  return useMemo(() => (scope === null ? comments : applyTriage(comments, scope.triages, scope.now).waiting), [comments, scope]);
}

/** Marks the element a card's actions can be found by, to move focus between cards. */
export const FIRST_ACTION = 'data-triage-first';

/** The id of the "Done and snoozed" list's summary, where focus goes when a comment returns to it. */
export const SET_ASIDE_SUMMARY = 'triage-set-aside';
