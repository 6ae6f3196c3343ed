import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database.ts';

const database = useTestDatabase();

/** Inserts a user and returns its id. */
async function newUser(email: string): Promise<string> {
  const [user] = await database().sql<{ id: string }[]>`insert into users (email) values (${email}) returning id`;
  if (!user) throw new Error('no user');
  return user.id;
}

describe('the planned schema', () => {
  it('keeps e-mail addresses unique ignoring case', async () => {
    await newUser('Ada@Example.com');
    await expect(newUser('ada@example.com')).rejects.toMatchObject({ code: '23505' });
  });

  it('keeps expert site names unique ignoring case and letters only', async () => {
    const sql = database().sql;
    const first = await newUser('first@example.com');
    const second = await newUser('second@example.com');
    await sql`insert into experts (user_id, site_name, your_name, rate_cents) values (${first}, 'JaneDoe', 'Jane', 2000)`;
    await expect(
      sql`insert into experts (user_id, site_name, your_name, rate_cents) values (${second}, 'janedoe', 'Jo', 2000)`,
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      sql`insert into experts (user_id, site_name, your_name, rate_cents) values (${second}, 'jane-doe', 'Jo', 2000)`,
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('reads calendar days as YYYY-MM-DD strings and bigints as numbers', async () => {
    const sql = database().sql;
    const user = await newUser('days@example.com');
    await sql`insert into exercises (user_id, day, gratitude_one, rev) values (${user}, ${'2024-02-29'}, 'sun', 7)`;
    const [row] = await sql<{ day: string; rev: number }[]>`select day, rev from exercises where user_id = ${user}`;
    expect(row).toEqual({ day: '2024-02-29', rev: 7 });
  });

  it('rejects values outside the planned ranges', async () => {
    const sql = database().sql;
    const user = await newUser('checks@example.com');
    await expect(sql`insert into profiles (user_id, day_start_minutes, rev) values (${user}, 1440, 1)`).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql`insert into orders (kind, amount_cents, provider, idempotency_key) values ('gift', 100, 'test', 'k1')`,
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql`insert into orders (kind, amount_cents, provider, idempotency_key) values ('pass', 0, 'test', 'k2')`,
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql`insert into orders (kind, amount_cents, provider, idempotency_key, status) values ('pass', 2000, 'test', 'k3', 'paid')`,
    ).rejects.toMatchObject({ code: '23514' });
    // 0009: an order waiting for the buyer's bank.
    await sql`insert into orders (kind, amount_cents, provider, idempotency_key, status) values ('pass', 2000, 'test', 'k4', 'requires_action')`;
  });

  it('removes everything a user owns with the user, and keeps their orders without them', async () => {
    const sql = database().sql;
    const user = await newUser('gone@example.com');
    await sql`insert into exercises (user_id, day, rev) values (${user}, '2025-01-01', 1)`;
    await sql`insert into exercise_revisions (user_id, day, field, text, hlc) values (${user}, '2025-01-01', 'gratitude_one', 'old', 'h')`;
    await sql`insert into trackers (user_id, item_id, link, rev) values (${user}, 1, 'https://news.ycombinator.com/item?id=1', 1)`;
    await sql`insert into sessions (user_id, token_hash, expires_at) values (${user}, ${Buffer.alloc(32, 1)}, now() + interval '1 day')`;
    const [order] = await sql<{ id: string }[]>`
      insert into orders (kind, amount_cents, provider, idempotency_key, user_id)
      values ('pass', 2000, 'test', 'gone-1', ${user}) returning id`;
    await sql`insert into next_product_notices (email, user_id, order_id) values ('gone@example.com', ${user}, ${order?.id ?? ''})`;

    await sql`delete from users where id = ${user}`;
    const [left] = await sql<{ n: number }[]>`
      select (select count(*) from exercises where user_id = ${user})
           + (select count(*) from exercise_revisions where user_id = ${user})
           + (select count(*) from trackers where user_id = ${user})
           + (select count(*) from sessions where user_id = ${user}) as n`;
    expect(left?.n).toBe(0);
    expect(await sql`select user_id from orders where id = ${order?.id ?? ''}`).toEqual([{ user_id: null }]);
    expect(await sql`select user_id from next_product_notices where email = 'gone@example.com'`).toEqual([{ user_id: null }]);
  });
});
