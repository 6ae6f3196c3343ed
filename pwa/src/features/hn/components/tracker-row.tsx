import { Link } from 'react-router-dom';
import { Trash2 } from 'lucide-react';
import { paths } from '#core/paths';
import type { TrackerListItem } from '#core/schemas/hn';
import { Button } from '../../../components/ui/button';
import { counted, formatAge } from '../hn-format';
import styles from './trackers.module.css';

/**
 * One tracker in the list: the post, its numbers, how many comments wait, when it was checked,
 * Delete. `setAside` of the unanswered ones are done or snoozed on the person's devices: they
 * do not count as waiting, and the row says how many there are.
 */
export function TrackerRow({ item, now, setAside, onDelete }: { readonly item: TrackerListItem; readonly now: Date; readonly setAside: number; readonly onDelete: () => void }) {
  const { score, commentCount, lastChecked } = item;
  const unansweredCount = item.unansweredCount === null ? null : Math.max(0, item.unansweredCount - setAside);
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link to={paths.hnItem.href(item.postId)} className={styles.rowTitle}>
          {item.title}
        </Link>
        {lastChecked === null ? (
          <p className={styles.facts}>Not checked yet: open it to read its comments.</p>
        ) : (
          <p className={styles.facts}>
            {score !== null && <span>{counted(score, 'point')}</span>}
            {commentCount !== null && <span>{counted(commentCount, 'comment')}</span>}
            {unansweredCount !== null && (
              <span className={unansweredCount > 0 ? styles.waiting : undefined}>{counted(unansweredCount, 'unanswered', 'unanswered')}</span>
            )}
            {setAside > 0 && <span>{counted(setAside, 'done or snoozed', 'done or snoozed')}</span>}
            <span>
              checked <time dateTime={lastChecked}>{formatAge(new Date(lastChecked), now)}</time>
            </span>
          </p>
        )}
      </div>
      <Button variant="ghost" size="sm" icon={<Trash2 aria-hidden="true" size={16} />} onClick={onDelete}>
        Delete<span className="sr-only"> “{item.title}”</span>
      </Button>
    </li>
  );
}
