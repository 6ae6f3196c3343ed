import { Link } from 'react-router-dom';
import { ArrowLeft, ExternalLink, RefreshCw } from 'lucide-react';
import { hnItemLink } from '#core/hn/link';
import { paths } from '#core/paths';
import type { TrackerRef, TrackerView, WaitingCommentView } from '#core/schemas/hn';
import { Button } from '../../../components/ui/button';
import { currentInstant } from '../../../lib/clock';
import { useTrackerView } from '../data/use-tracker-view';
import { counted, formatAge } from '../hn-format';
import { isFinalAnswer, trackerProblem } from '../hn-messages';
import { ActivityChart } from './activity-chart';
import { CommentCard } from './comment-card';
import { CommentHtml, safeHref } from './comment-html';
import { CopyNote } from './copy-note';
import { SetAsideComments } from './set-aside-comments';
import { useWaitingComments } from './triage-context';
import { TriageScope } from './triage-scope';
import { UpgradePrompt } from './upgrade-prompt';
import styles from './detail.module.css';

const NO_COPY_OFFLINE = 'You’re offline, and this device has no saved copy of these comments yet. They show here once you have opened them online.';

export function BackToTrackers() {
  return (
    <Link to={paths.hnrd.href()} className={styles.back}>
      <ArrowLeft aria-hidden="true" size={16} /> All trackers
    </Link>
  );
}

function Comments({ title, comments: all, postId, empty }: { readonly title: string; readonly comments: readonly WaitingCommentView[]; readonly postId: number; readonly empty: string }) {
  const now = currentInstant();
  const comments = useWaitingComments(all);
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>
        {title} <span className={styles.count}>{comments.length}</span>
      </h2>
      {comments.length === 0 ? (
        <p className={styles.empty}>{all.length === 0 ? empty : 'Nothing else waits here: the rest are done or snoozed.'}</p>
      ) : (
        <ol className={styles.comments} role="list">
          {comments.map((comment) => (
            <CommentCard key={comment.id} comment={comment} postId={postId} now={now} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Post({ view }: { readonly view: TrackerView }) {
  const { post } = view;
  const launched = safeHref(post.url);
  return (
    <header className={styles.post}>
      <h1 className={styles.title}>{post.title}</h1>
      <p className={styles.facts}>
        <span>by {post.by}</span>
        <span>{counted(post.score, 'point')}</span>
        <span>{counted(post.commentCount, 'comment')}</span>
        <span>
          posted <time dateTime={post.postedAt}>{formatAge(new Date(post.postedAt), currentInstant())}</time>
        </span>
        <a href={hnItemLink(post.id)} target="_blank" rel="noopener noreferrer">
          View on Hacker News <ExternalLink aria-hidden="true" size={14} />
        </a>
        {launched !== null && (
          <a href={launched} target="_blank" rel="noopener noreferrer">
            Launched page <ExternalLink aria-hidden="true" size={14} />
          </a>
        )}
      </p>
      {post.text !== '' && <CommentHtml html={post.text} className={styles.text} />}
    </header>
  );
}

/** /hnitem/{id}: 'Getting comments ...', then the post and the comments waiting for its author. */
export function TrackerDetail({ id, trackerRef }: { readonly id: string; readonly trackerRef: TrackerRef }) {
  const { state, reload } = useTrackerView(id, trackerRef);
  if (state.status === 'loading') {
    return (
      <p role="status" className={styles.loading}>
        Getting comments ...
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert" className={styles.failed}>
        <h1 className={styles.title}>Comments not available</h1>
        <p className={styles.problem}>{trackerProblem(state.problem, NO_COPY_OFFLINE)}</p>
        {!isFinalAnswer(state.problem) && (
          <Button variant="secondary" size="sm" icon={<RefreshCw aria-hidden="true" size={16} />} onClick={reload}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const view = state.value;
  const author = view.post.by;
  return (
    <TriageScope postId={view.post.id}>
      <Post view={view} />
      <CopyNote savedAt={new Date(view.checkedAt)} fromDevice={state.fromDevice} updating={state.updating} problem={state.problem} />
      {view.samples !== undefined && <ActivityChart samples={view.samples} />}
      <Comments
        title="Unanswered comments"
        comments={view.unanswered}
        postId={view.post.id}
        empty={`Every top-level comment has an answer from ${author}. Nothing waits.`}
      />
      {view.repliesToAuthor === null ? (
        <UpgradePrompt reason="Pro also lists the replies to your own comments, deeper in the thread, that still wait for you, and charts the post’s score and comments over time." />
      ) : (
        <Comments
          title="Replies to you deeper down"
          comments={view.repliesToAuthor}
          postId={view.post.id}
          empty={`No reply to ${author}’s comments waits for an answer.`}
        />
      )}
      <SetAsideComments comments={view.repliesToAuthor === null ? view.unanswered : [...view.unanswered, ...view.repliesToAuthor]} />
    </TriageScope>
  );
}
