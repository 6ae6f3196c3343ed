import type { DatedExerciseRecord } from '#core/schemas/exercise-calls';
import type { Sql } from '../../db/client.ts';

/** The person's live (not deleted) day records between two days, oldest first. */
export async function readDays(sql: Sql, userId: string, from: string, to: string): Promise<DatedExerciseRecord[]> {
  // Columns of fields never written hold their defaults (false, ''), as the record calls answer them.
  return sql<DatedExerciseRecord[]>`
    select to_char(day, 'YYYY-MM-DD') as date, mortality, gratitude, gratitude_one as "gratitudeOne",
      gratitude_two as "gratitudeTwo", gratitude_three as "gratitudeThree"
    from exercises
    where user_id = ${userId} and day between ${from} and ${to} and not deleted
    order by day`;
}

/** The zone the person set for reminders, the best guess of their own; null when none. */
export async function readZone(sql: Sql, userId: string): Promise<string | null> {
  const [row] = await sql<{ reminder_zone: string | null }[]>`
    select reminder_zone from profiles where user_id = ${userId} and not deleted and field_clocks ? 'reminder_zone'`;
  return row?.reminder_zone ?? null;
}
