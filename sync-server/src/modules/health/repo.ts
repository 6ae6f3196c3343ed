import type { Sql } from '../../db/client.ts';

/** A round trip to the database. */
export async function pingDatabase(sql: Sql): Promise<void> {
  await sql`select 1`;
}
