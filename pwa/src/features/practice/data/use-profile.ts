import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_PROFILE, type ProfileFields } from '#core/schemas/records';
import { readRecord } from '../../../db/read-record';
import { readWhileOpen } from '../../../db/read-while-open';
import { useUserDb } from '../../../session/user-db-context';
import type { UserDb } from '../../../db/user-db';

/** The profile is a singleton record per person. */
export const PROFILE_KEY = 'me';

/** The person's profile with defaults for every field never written (or no longer valid). */
export async function readProfile(db: UserDb): Promise<ProfileFields> {
  const record = await readRecord(db, 'profiles', PROFILE_KEY);
  return { ...DEFAULT_PROFILE, ...record?.values };
}

/** The profile, live; undefined while loading or when no database is open. */
export function useProfile(): ProfileFields | undefined {
  const db = useUserDb();
  return useLiveQuery(() => readWhileOpen(db, readProfile), [db]);
}

/** Whether a signed-in person's records are open on this device (else there is no profile to wait for). */
export function useHasProfile(): boolean {
  return useUserDb() !== null;
}
