import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_PROFILE } from '#core/schemas/records';
import { SINGLETON_KEY } from '#core/sync/protocol';
import { readRecord } from '../../../db/read-record';
import { readWhileOpen } from '../../../db/read-while-open';
import { useUserDb } from '../../../session/user-db-context';
import type { UserDb } from '../../../db/user-db';

/** The reminder as the synced profile keeps it. */
export interface ReminderSettings {
  readonly enabled: boolean;
  /** Local time of the reminder, in minutes after midnight. */
  readonly minutes: number;
}

export async function readReminderSettings(db: UserDb): Promise<ReminderSettings> {
  const values = (await readRecord(db, 'profiles', SINGLETON_KEY))?.values;
  return {
    enabled: values?.reminderEnabled ?? DEFAULT_PROFILE.reminderEnabled,
    minutes: values?.reminderMinutes ?? DEFAULT_PROFILE.reminderMinutes,
  };
}

/** The reminder settings, live (this tab, other tabs, sync); undefined while loading or when no database is open. */
export function useReminderSettings(): ReminderSettings | undefined {
  const db = useUserDb();
  return useLiveQuery(() => readWhileOpen(db, readReminderSettings), [db]);
}

/** Whether a signed-in person's records are open on this device (else there are no settings to show). */
export function useHasReminderSettings(): boolean {
  return useUserDb() !== null;
}
