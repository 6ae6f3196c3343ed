import { useCallback } from 'react';
import type { ProfileFields } from '#core/schemas/records';
import { SINGLETON_KEY } from '#core/sync/protocol';
import { useUserDb } from '../../../session/user-db-context';
import type { UserDb } from '../../../db/user-db';
import { writeRecord } from '../../../db/write-record';
import { browserTimeZone, currentInstant } from '../../../lib/clock';

/**
 * A change of the reminder: turned on at a time, turned off, or a new time. A time is always
 * saved with the zone it means, so the server sends at the person's local time.
 */
export type ReminderSettingsChange =
  | { readonly enabled: true; readonly minutes: number }
  | { readonly enabled: false }
  | { readonly minutes: number };

type ReminderFields = Partial<Pick<ProfileFields, 'reminderEnabled' | 'reminderMinutes' | 'reminderZone'>>;

export function reminderFields(change: ReminderSettingsChange, zone: string): ReminderFields {
  if ('enabled' in change && !change.enabled) return { reminderEnabled: false };
  const time = { reminderMinutes: change.minutes, reminderZone: zone };
  return 'enabled' in change ? { reminderEnabled: true, ...time } : time;
}

/** Saves the change in the synced profile on this device (offline too) and queues it for sync. */
export async function saveReminderSettings(db: UserDb, change: ReminderSettingsChange, zone: string, nowMs: number): Promise<void> {
  await writeRecord(db, 'profiles', SINGLETON_KEY, reminderFields(change, zone), nowMs);
}

export class NoUserDbError extends Error {
  override readonly name = 'NoUserDbError';
  constructor() {
    super('Your settings are not open on this device yet. Sign in again, then retry.');
  }
}

/** `saveReminderSettings` bound to the signed-in person's database, the browser's zone and the app's clock. */
export function useSaveReminderSettings(): (change: ReminderSettingsChange) => Promise<void> {
  const db = useUserDb();
  return useCallback(
    async (change) => {
      if (db === null) throw new NoUserDbError();
      await saveReminderSettings(db, change, browserTimeZone(), currentInstant().getTime());
    },
    [db],
  );
}
