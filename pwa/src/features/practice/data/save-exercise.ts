import { useCallback } from 'react';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { ExerciseFields } from '#core/schemas/records';
import { currentInstant } from '../../../lib/clock';
import { useUserDb } from '../../../session/user-db-context';
import { writeRecord } from '../../../db/write-record';
import type { UserDb } from '../../../db/user-db';
import { NoDatabaseError } from './save-profile';

/** Saves fields of one day's entry on this device and queues them for sync, in one transaction. */
export async function saveExercise(
  db: UserDb,
  day: CalendarDay,
  fields: Partial<ExerciseFields>,
  nowMs: number,
): Promise<void> {
  await writeRecord(db, 'exercises', day, fields, nowMs);
}

export type SaveExercise = (day: CalendarDay, fields: Partial<ExerciseFields>) => Promise<void>;

/** `saveExercise` bound to the signed-in person's database and the app's clock. */
export function useSaveExercise(): SaveExercise {
  const db = useUserDb();
  return useCallback(
    async (day, fields) => {
      if (db === null) throw new NoDatabaseError();
      await saveExercise(db, day, fields, currentInstant().getTime());
    },
    [db],
  );
}
