import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { undoFields } from '#core/hn/triage';
import type { HnTriageFields } from '#core/schemas/hn-triage';
import type { WaitingCommentView } from '#core/schemas/hn';
import { currentInstant } from '../../../lib/clock';
import { usePostTriage } from '../data/comment-triage';
import { FIRST_ACTION, SET_ASIDE_SUMMARY, TriageContext, type TriageScopeValue } from './triage-context';
import { formatUntil } from './triage-format';
import { UndoToast, type UndoOffer } from './undo-toast';

/** Where focus goes once a decision has re-rendered the lists. */
type FocusRequest = { readonly element: HTMLElement } | { readonly commentId: number } | 'undo' | 'set-aside' | null;

function confirmation(comment: WaitingCommentView, fields: HnTriageFields, nowMs: number): string {
  const whose = `the comment by ${comment.by}`;
  if (fields.state === 'done') return `Marked ${whose} done.`;
  if (fields.state === 'snoozed' && fields.snoozedUntil !== null) return `Snoozed ${whose} until ${formatUntil(fields.snoozedUntil, nowMs)}.`;
  return `Put ${whose} back with the ones waiting.`;
}

const problemText = (error: unknown) => (error instanceof Error && error.message !== '' ? error.message : 'Try again.');

/**
 * The triage of one tracker's comments: the cards and lists inside read it, each decision is
 * saved on the device (and synced from there) and can be undone from a toast. Renders its
 * children as they are until the device's triages have been read.
 */
export function TriageScope({ postId, children }: { readonly postId: number; readonly children: ReactNode }) {
  const { triages, now, decide } = usePostTriage(postId);
  const [offer, setOffer] = useState<UndoOffer | null>(null);
  // A ref, not state: it is read after the render a decision causes, and needs none of its own.
  const focus = useRef<FocusRequest>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const offers = useRef(0);

  const act = useCallback(
    async (comment: WaitingCommentView, fields: HnTriageFields, focusNext: HTMLElement | null) => {
      const before = triages?.get(comment.id);
      offers.current += 1;
      const id = offers.current;
      try {
        await decide(comment.id, fields);
      } catch (error) {
        setOffer({ id, message: `That was not saved: ${problemText(error)}`, undo: null });
        return;
      }
      const undo = async () => {
        const back = undoFields(before, currentInstant().getTime());
        try {
          await decide(comment.id, back);
        } catch (error) {
          setOffer({ id: (offers.current += 1), message: `That was not undone: ${problemText(error)}`, undo: null });
          return;
        }
        setOffer({ id: (offers.current += 1), message: 'Undone.', undo: null });
        focus.current = back.state === 'open' ? { commentId: comment.id } : 'set-aside';
      };
      setOffer({ id, message: confirmation(comment, fields, currentInstant().getTime()), undo });
      focus.current = fields.state === 'open' ? { commentId: comment.id } : focusNext === null ? 'undo' : { element: focusNext };
    },
    [decide, triages],
  );

  // After each render: the next card, the comment put back (once the device's triages are read
  // back and it shows again), the list it went back to, or Undo.
  useEffect(() => {
    const request = focus.current;
    if (request === null) return;
    let target: HTMLElement | null;
    if (request === 'undo') target = undoButton.current;
    else if (request === 'set-aside') target = document.getElementById(SET_ASIDE_SUMMARY);
    // The card it meant may have gone meanwhile (two quick decisions): Undo, rather than nowhere.
    else if ('element' in request) target = request.element.isConnected ? request.element : undoButton.current;
    else {
      target = document.querySelector<HTMLElement>(`[${FIRST_ACTION}="${String(request.commentId)}"]`);
      if (target === null) return;
    }
    focus.current = null;
    target?.focus();
  });

  const value = useMemo<TriageScopeValue | null>(() => (triages === undefined ? null : { postId, triages, now, act }), [postId, triages, now, act]);
  return (
    <TriageContext value={value}>
      {children}
      <UndoToast offer={offer} undoButton={undoButton} onHide={() => setOffer(null)} />
    </TriageContext>
  );
}
