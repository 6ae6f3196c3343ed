import { ExternalLink } from 'lucide-react';
import { hnReplyLink } from '#core/hn/link';
import type { WaitingCommentView } from '#core/schemas/hn';
import { formatAge } from '../hn-format';
import { CommentHtml } from './comment-html';
import { TriageActions } from './triage-actions';
import styles from './detail.module.css';

/**
 * One comment waiting for an answer: who, how long ago, the text, the site's reply form, and
 * (inside a tracker's triage scope) Done and Snooze.
 * The reply address is built here from the ids, not taken from the answer, so it always points
 * at the site.
 */
export function CommentCard({ comment, postId, now }: { readonly comment: WaitingCommentView; readonly postId: number; readonly now: Date }) {
  const postedAt = new Date(comment.postedAt);
  return (
    <li className={styles.comment}>
      <article aria-label={`Comment by ${comment.by}`}>
        <p className={styles.byline}>
          <span className={styles.author}>{comment.by}</span>
          <time dateTime={comment.postedAt} title={postedAt.toLocaleString('en-US')}>
            {formatAge(postedAt, now)}
          </time>
        </p>
        <CommentHtml html={comment.text} className={styles.text} />
        <div className={styles.cardActions}>
          <a className={styles.reply} href={hnReplyLink(comment.id, postId)} target="_blank" rel="noopener noreferrer">
            Reply on Hacker News<span className="sr-only"> to {comment.by}</span> <ExternalLink aria-hidden="true" size={14} />
          </a>
          <TriageActions comment={comment} />
        </div>
      </article>
    </li>
  );
}
