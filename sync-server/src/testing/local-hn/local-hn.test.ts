import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hnItemSchema } from '#core/schemas/hn';
import { FIXTURE_IDS } from './fixtures.ts';
import { startLocalHn } from './local-hn.ts';
import { buildThread } from './threads.ts';

describe('the local API', () => {
  it('answers items in the site’s shape, null for an unknown id, and takes items through its control API', async () => {
    const { items, story } = buildThread({ id: 10, by: 'op', title: 'T', comments: [{ by: 'a', replies: [{ by: 'op' }] }] });
    const local = await startLocalHn({ items });
    try {
      const read = async (id: number): Promise<unknown> => (await fetch(`${local.baseUrl}/item/${id}.json`)).json();
      expect(hnItemSchema.parse(await read(10))).toEqual(story);
      expect(await read(11)).toMatchObject({ id: 11, parent: 10, kids: [12], by: 'a' });
      expect(await read(99)).toBeNull();
      const origin = local.baseUrl.replace(/\/v0$/, '');
      const put = await fetch(`${origin}/control/items`, { method: 'POST', body: JSON.stringify([{ id: 99, type: 'comment', by: 'late', parent: 11 }]) });
      expect(put.status).toBe(200);
      expect(await read(99)).toMatchObject({ by: 'late' });
      expect(await (await fetch(`${origin}/control/stats`)).json()).toEqual({ total: 4, perItem: { 10: 1, 11: 1, 99: 2 } });
    } finally {
      await local.close();
    }
  });
});

describe('its command line', () => {
  it('starts with the fixture posts and prints the base to give HN_API_BASE', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: child.stdout });
      const [line] = (await once(lines, 'line')) as [string];
      const base = /^HN_API_BASE=(http:\/\/127\.0\.0\.1:\d+\/v0)$/.exec(line)?.[1];
      expect(base).toBeDefined();
      const launch = hnItemSchema.parse(await (await fetch(`${base}/item/${FIXTURE_IDS.launch}.json`)).json());
      expect(launch).toMatchObject({ type: 'story', by: 'launchfounder' });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
