import { useEffect, useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { BellRing } from 'lucide-react';
import { PushSupportNote } from '../../../components/push/push-support-note';
import { Switch } from '../../../components/ui/switch';
import notice from '../../../components/ui/notice.module.css';
import { useOnlineStatus } from '../../../lib/online-status';
import { pushSupport } from '../../../lib/push/push-support';
import { HN_NOTIFY_MESSAGES } from '../hn-notify-messages';
import { hnNotifyMachine, type HnNotifySnapshot } from '../hn-notify.machine';
import styles from './new-comment-notifications.module.css';

/** What the switch is doing while it is busy, in words. */
function progressOf(state: HnNotifySnapshot): string | null {
  if (state.matches('checking')) return 'Checking this device…';
  if (state.matches({ enabling: 'subscribing' })) return 'Waiting for your browser’s push service…';
  if (state.matches('enabling')) return 'Turning notifications on…';
  if (state.matches('disabling')) return 'Turning notifications off…';
  return null;
}

/**
 * /hnrd: new-comment notifications for this device. The tap on the switch is what explains
 * itself before the browser asks for permission; the server then pushes a notice when comments
 * the person has not answered arrive on a post they track (the watch job).
 */
export function NewCommentNotifications() {
  const [support] = useState(pushSupport);
  const online = useOnlineStatus();
  const [state, send] = useMachine(hnNotifyMachine, { input: { support, online } });
  useEffect(() => {
    send({ type: 'CONNECTION', online });
  }, [send, online]);
  const headingId = useId();

  const checked = state.hasTag('enabled');
  const toggle = checked ? ({ type: 'TURN_OFF' } as const) : ({ type: 'TURN_ON' } as const);
  const { problem } = state.context;
  const progress = progressOf(state);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <BellRing aria-hidden="true" /> New comments
      </h2>
      <p className={styles.why}>
        A notification on this device when comments you have not answered arrive on a post you track. After you turn it on,
        your browser asks whether Memento may send notifications.
      </p>
      <PushSupportNote
        support={support}
        what="notifications"
        lastStep="Open Memento from your Home Screen, go to your trackers and turn notifications on there."
      />
      <Switch checked={checked} busy={state.hasTag('busy')} disabled={!state.can(toggle)} onToggle={() => send(toggle)}>
        Notify me of new comments on this device
      </Switch>
      <div role="status" aria-live="polite" className={styles.status}>
        {problem !== null && <p className={notice.notice}>{HN_NOTIFY_MESSAGES[problem]}</p>}
        {progress !== null && <p className={styles.why}>{progress}</p>}
        {state.matches('on') && problem === null && (
          <p className={styles.why}>On: this device gets a notification when new comments wait for you.</p>
        )}
      </div>
    </section>
  );
}
