import { useId, useState, type ChangeEvent } from 'react';
import { Share } from 'lucide-react';
import { SINGLETON_KEY } from '#core/sync/protocol';
import { DEFAULT_PROFILE } from '#core/schemas/records';
import { useRecord } from '../../db/read-record';
import { useUserDb } from '../../db/user-db-context';
import { writeRecord } from '../../db/write-record';
import { isApiError } from '../../lib/api-client';
import { browserTimeZone, currentInstant } from '../../lib/clock';
import { useOnlineStatus } from '../../lib/online-status';
import {
  notificationPermission,
  pushSupport,
  requestNotificationPermission,
  subscribeBrowser,
  unsubscribeBrowser,
} from './push-support';
import { deleteSubscription, getPublicKey, saveSubscription } from './reminders-api';
import styles from './reminder-settings.module.css';

type Problem = 'offline' | 'denied' | 'dismissed' | 'failed' | null;

const MESSAGES: Record<Exclude<Problem, null>, string> = {
  offline: 'Turning reminders on needs a connection. Try again when you are back online.',
  denied:
    'Notifications are blocked for Memento. Allow them in your browser’s site settings (the icon next to the address), then turn reminders on again.',
  dismissed: 'Reminders stay off until you allow notifications.',
  failed: 'Reminders could not be turned on. Check your connection and try again.',
};

function toTimeValue(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function fromTimeValue(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes >= 0 && minutes < 1440 ? minutes : null;
}

/**
 * Account settings: the daily reminder. Turning it on is the tap that explains why before the
 * browser asks for permission; the time and zone are kept in the synced profile, and the server
 * sends the push at that local time on days the practice is still open.
 */
export function ReminderSettings() {
  const db = useUserDb();
  const profile = useRecord('profiles', SINGLETON_KEY);
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const headingId = useId();
  const timeId = useId();

  if (db === null) return null;
  const support = pushSupport();
  const enabled = profile?.values.reminderEnabled ?? false;
  const minutes = profile?.values.reminderMinutes ?? DEFAULT_PROFILE.reminderMinutes;

  async function turnOn(): Promise<void> {
    if (db === null) return;
    if (!online || !navigator.onLine) {
      setProblem('offline');
      return;
    }
    let permission = notificationPermission();
    if (permission === 'default') permission = await requestNotificationPermission();
    if (permission !== 'granted') {
      setProblem(permission === 'denied' ? 'denied' : 'dismissed');
      return;
    }
    try {
      const subscription = await subscribeBrowser(await getPublicKey());
      await saveSubscription(subscription);
    } catch (error) {
      setProblem(isApiError(error) && error.kind === 'offline' ? 'offline' : 'failed');
      return;
    }
    await writeRecord(
      db,
      'profiles',
      SINGLETON_KEY,
      { reminderEnabled: true, reminderMinutes: minutes, reminderZone: browserTimeZone() },
      currentInstant().getTime(),
    );
    setProblem(null);
  }

  async function turnOff(): Promise<void> {
    if (db === null) return;
    // Off always works, offline too: the synced profile stops the server's reminders.
    await writeRecord(db, 'profiles', SINGLETON_KEY, { reminderEnabled: false }, currentInstant().getTime());
    setProblem(null);
    try {
      const endpoint = await unsubscribeBrowser();
      if (endpoint !== null && navigator.onLine) await deleteSubscription(endpoint);
    } catch {
      // The server forgets the subscription itself once the push service calls it gone.
    }
  }

  async function toggle(): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      await (enabled ? turnOff() : turnOn());
    } finally {
      setBusy(false);
    }
  }

  async function changeTime(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const next = fromTimeValue(event.target.value);
    if (db === null || next === null) return;
    await writeRecord(
      db,
      'profiles',
      SINGLETON_KEY,
      { reminderMinutes: next, reminderZone: browserTimeZone() },
      currentInstant().getTime(),
    );
  }

  const canSwitch = support === 'supported' || enabled;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Daily reminder
      </h2>
      <p className={styles.why}>
        One notification a day at the time you choose, and only on days your practice is still open. After you turn it
        on, your browser asks whether Memento may send notifications.
      </p>

      {support === 'ios-needs-install' && (
        <div className={styles.notice} role="note">
          <strong>First add Memento to your Home Screen.</strong> On iPhone and iPad, reminders work only from the Home
          Screen app:
          <ol className={styles.steps}>
            <li>
              Tap <Share aria-hidden="true" size={16} /> Share in Safari.
            </li>
            <li>Choose “Add to Home Screen”.</li>
            <li>Open Memento from your Home Screen and turn reminders on there.</li>
          </ol>
        </div>
      )}
      {support === 'unsupported' && (
        <p className={styles.notice} role="note">
          This browser cannot show reminders. Try a current version of Chrome, Edge, Firefox or Safari.
        </p>
      )}

      <div className={styles.row}>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          className={styles.switch}
          disabled={!canSwitch || busy}
          aria-busy={busy}
          onClick={() => void toggle()}
        >
          <span className={styles.track} aria-hidden="true" />
          Remind me daily
        </button>
        <span className={styles.time}>
          <label htmlFor={timeId}>Time</label>
          <input
            id={timeId}
            type="time"
            step={60}
            value={toTimeValue(minutes)}
            onChange={(event) => void changeTime(event)}
          />
        </span>
      </div>

      <div role="status" aria-live="polite">
        {problem !== null && <p className={styles.notice}>{MESSAGES[problem]}</p>}
        {problem === null && enabled && <p className={styles.why}>Reminder on at {toTimeValue(minutes)}, your local time.</p>}
      </div>
    </section>
  );
}
