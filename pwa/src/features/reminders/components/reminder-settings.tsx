import { useId } from 'react';
import { PushSupportNote } from '../../../components/push/push-support-note';
import { Switch } from '../../../components/ui/switch';
import notice from '../../../components/ui/notice.module.css';
import { pushSupport } from '../../../lib/push/push-support';
import { useSaveReminderSettings } from '../data/save-reminder-settings';
import { useHasReminderSettings, useReminderSettings } from '../data/use-reminder-settings';
import { REMINDER_OFF_REASONS } from '../reminder-settings.machine';
import { OFF_REASON_MESSAGES, TURN_OFF_FAILED_MESSAGE } from './reminder-messages';
import { fromTimeValue, toTimeValue } from './time-value';
import { useReminderSwitch } from './use-reminder-switch';
import styles from './reminder-settings.module.css';

/**
 * Account settings: the daily reminder. Turning it on is the tap that explains why before the
 * browser asks for permission; the time and zone are kept in the synced profile, and the server
 * sends the push at that local time on days the practice is still open.
 */
export function ReminderSettings() {
  if (!useHasReminderSettings()) return null;
  return <ReminderSettingsSection />;
}

function ReminderSettingsSection() {
  const settings = useReminderSettings();
  const saveSettings = useSaveReminderSettings();
  const support = pushSupport();
  const [state, send] = useReminderSwitch(support, settings);
  const headingId = useId();
  const timeId = useId();

  const minutes = settings?.minutes;
  const checked = state.hasTag('enabled');
  const busy = state.hasTag('busy');
  const toggle = checked ? ({ type: 'TURN_OFF' } as const) : ({ type: 'TURN_ON' } as const);
  const offReason = REMINDER_OFF_REASONS.find((reason) => state.matches({ disabled: reason }));

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Daily reminder
      </h3>
      <p className={styles.why}>
        One notification a day at the time you choose, and only on days your practice is still open. After you turn it
        on, your browser asks whether Memento may send notifications.
      </p>
      <PushSupportNote
        support={support}
        what="reminders"
        lastStep="Open Memento from your Home Screen and turn reminders on there."
      />

      <div className={styles.row}>
        <Switch checked={checked} busy={busy} disabled={!state.can(toggle)} onToggle={() => send(toggle)}>
          Remind me daily
        </Switch>
        <span className={styles.time}>
          <label htmlFor={timeId}>Time</label>
          <input
            id={timeId}
            type="time"
            step={60}
            value={minutes === undefined ? '' : toTimeValue(minutes)}
            onChange={(event) => {
              const next = fromTimeValue(event.target.value);
              if (next !== null) void saveSettings({ minutes: next });
            }}
          />
        </span>
      </div>

      <div role="status" aria-live="polite">
        {offReason !== undefined && <p className={notice.notice}>{OFF_REASON_MESSAGES[offReason]}</p>}
        {state.matches({ enabled: 'turnOffFailed' }) && <p className={notice.notice}>{TURN_OFF_FAILED_MESSAGE}</p>}
        {state.matches({ enabling: 'subscribing' }) && <p className={styles.why}>Waiting for your browser’s push service…</p>}
        {state.matches({ enabled: 'idle' }) && minutes !== undefined && (
          <p className={styles.why}>Reminder on at {toTimeValue(minutes)}, your local time.</p>
        )}
      </div>
    </section>
  );
}
