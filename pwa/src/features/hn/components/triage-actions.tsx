import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Check, Clock } from 'lucide-react';
import { doneFields, SNOOZE_CHOICE_LABELS, SNOOZE_CHOICES, snoozedFields, snoozeUntil, type SnoozeChoice } from '#core/hn/triage';
import type { WaitingCommentView } from '#core/schemas/hn';
import { Button } from '../../../components/ui/button';
import { browserTimeZone, currentInstant } from '../../../lib/clock';
import { FIRST_ACTION, useTriageScope } from './triage-context';
import styles from './triage.module.css';

/**
 * The first action of the card beside this one (the next, else the previous): where focus goes
 * when this card leaves the list, so a keyboard goes on through the comments.
 */
function neighbourAction(from: HTMLElement): HTMLElement | null {
  const item = from.closest('li');
  const next = item?.nextElementSibling ?? item?.previousElementSibling ?? null;
  return next?.querySelector<HTMLElement>(`[${FIRST_ACTION}]`) ?? null;
}

/** 'Done' and 'Snooze' for one waiting comment; nothing outside a tracker's triage scope. */
export function TriageActions({ comment }: { readonly comment: WaitingCommentView }) {
  const scope = useTriageScope();
  const [choosing, setChoosing] = useState(false);
  const snoozeButton = useRef<HTMLButtonElement>(null);
  const choicesId = useId();
  if (scope === null) return null;

  const done = (event: MouseEvent<HTMLButtonElement>) => {
    const nowMs = currentInstant().getTime();
    return scope.act(comment, doneFields(nowMs), neighbourAction(event.currentTarget));
  };
  const snooze = (choice: SnoozeChoice, event: MouseEvent<HTMLButtonElement>) => {
    const nowMs = currentInstant().getTime();
    const until = snoozeUntil(choice, nowMs, browserTimeZone());
    return scope.act(comment, snoozedFields(until, nowMs), neighbourAction(event.currentTarget));
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!choosing || event.key !== 'Escape') return;
    event.stopPropagation();
    setChoosing(false);
    snoozeButton.current?.focus();
  };

  return (
    <div className={styles.actions} onKeyDown={closeOnEscape}>
      <Button variant="secondary" size="sm" icon={<Check aria-hidden="true" size={16} />} onClick={done} data-triage-first={comment.id} aria-label={`Done with the comment by ${comment.by}`}>
        Done
      </Button>
      <Button
        ref={snoozeButton}
        variant="ghost"
        size="sm"
        icon={<Clock aria-hidden="true" size={16} />}
        aria-expanded={choosing}
        aria-controls={choicesId}
        aria-label={`Snooze the comment by ${comment.by}`}
        onClick={() => setChoosing((open) => !open)}
      >
        Snooze
      </Button>
      {choosing && (
        <div id={choicesId} role="group" aria-label={`Snooze the comment by ${comment.by} for`} className={styles.choices}>
          {SNOOZE_CHOICES.map((choice) => (
            <Button key={choice} variant="secondary" size="sm" onClick={(event) => snooze(choice, event)}>
              {SNOOZE_CHOICE_LABELS[choice]}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
