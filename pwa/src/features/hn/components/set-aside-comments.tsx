import { useMemo } from 'react';
import { ChevronRight, RotateCcw } from 'lucide-react';
import { applyTriage, openFields, type SetAsideComment } from '#core/hn/triage';
import type { WaitingCommentView } from '#core/schemas/hn';
import { SyncStatus } from '../../../sync/sync-status';
import { useSyncStatus } from '../../../sync/use-sync-status';
import { Button } from '../../../components/ui/button';
import { currentInstant } from '../../../lib/clock';
import { formatAge } from '../hn-format';
import { CommentHtml } from './comment-html';
import { SET_ASIDE_SUMMARY, useTriageScope } from './triage-context';
import { formatUntil } from './triage-format';
import styles from './triage.module.css';

function when({ triage }: SetAsideComment<WaitingCommentView>, nowMs: number): string {
  if (triage.state === 'snoozed' && typeof triage.snoozedUntil === 'number') return `Snoozed until ${formatUntil(triage.snoozedUntil, nowMs)}`;
  return typeof triage.triagedAt === 'number' ? `Done ${formatAge(new Date(triage.triagedAt), new Date(nowMs))}` : 'Done';
}

function SetAsideItem({ entry, nowMs }: { readonly entry: SetAsideComment<WaitingCommentView>; readonly nowMs: number }) {
  const scope = useTriageScope();
  const { comment } = entry;
  return (
    <li className={styles.setAsideItem}>
      <article aria-label={`Comment by ${comment.by}`}>
        <p className={styles.setAsideLine}>
          <span className={styles.setAsideBy}>{comment.by}</span>
          <span>{when(entry, nowMs)}</span>
        </p>
        <CommentHtml html={comment.text} className={styles.excerpt} />
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCcw aria-hidden="true" size={16} />}
          aria-label={`Restore the comment by ${comment.by}`}
          onClick={() => scope?.act(comment, openFields(currentInstant().getTime()), null)}
        >
          Restore
        </Button>
      </article>
    </li>
  );
}

/** Shows where the person's triage stands: saved here, syncing, synced to their other devices. */
function TriageSync() {
  return <SyncStatus view={useSyncStatus()} />;
}

/**
 * "Done and snoozed (n)": the comments of this tracker the person has set aside, folded away,
 * each with Restore; a snoozed one leaves this list by itself when its time comes. Nothing when
 * none is set aside.
 */
export function SetAsideComments({ comments }: { readonly comments: readonly WaitingCommentView[] }) {
  const scope = useTriageScope();
  const setAside = useMemo(() => (scope === null ? [] : applyTriage(comments, scope.triages, scope.now).setAside), [comments, scope]);
  if (scope === null || setAside.length === 0) return null;
  return (
    <section aria-labelledby={SET_ASIDE_SUMMARY} className={styles.setAside}>
      <details>
        <summary id={SET_ASIDE_SUMMARY} className={styles.summary}>
          <ChevronRight aria-hidden="true" size={18} className={styles.chevron} />
          Done and snoozed ({setAside.length})
        </summary>
        <ol role="list" className={styles.setAsideList}>
          {setAside.map((entry) => (
            <SetAsideItem key={entry.comment.id} entry={entry} nowMs={scope.now} />
          ))}
        </ol>
      </details>
      <TriageSync />
    </section>
  );
}
