import { useCallback } from 'react';
import type { ProfileFields } from '#core/schemas/records';
import { currentInstant } from '../../../lib/clock';
import { useUserDb } from '../../../session/user-db-context';
import { writeRecord } from '../../../db/write-record';
import type { UserDb } from '../../../db/user-db';
import { PROFILE_KEY } from './use-profile';

/** Saves some profile fields on this device and queues them for sync. */
export async function saveProfile(db: UserDb, fields: Partial<ProfileFields>, nowMs: number): Promise<void> {
  await writeRecord(db, 'profiles', PROFILE_KEY, fields, nowMs);
}

export class NoDatabaseError extends Error {
  override readonly name = 'NoDatabaseError';
  constructor() {
    super('Your journal is not open on this device yet. Sign in again, then retry.');
  }
}

/** `saveProfile` bound to the signed-in person's database and the app's clock. */
export function useSaveProfile(): (fields: Partial<ProfileFields>) => Promise<void> {
  const db = useUserDb();
  return useCallback(
    async (fields) => {
      if (db === null) throw new NoDatabaseError();
      await saveProfile(db, fields, currentInstant().getTime());
    },
    [db],
  );
}
