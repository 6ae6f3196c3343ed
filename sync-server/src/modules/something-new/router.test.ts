import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOneSomethingNewResponseSchema, type GetOneSomethingNewResponse } from '#core/schemas/something-new';
import { serve, type TestServer } from '../../testing/http.ts';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';

const database = useTestDatabase({ migrated: false });

const folder = mkdtempSync(path.join(tmpdir(), 'memento-something-new-'));
/** Where the operator's profiles keep their pictures: one is there, one is not. */
let pictures: TestServer;
beforeAll(async () => {
  pictures = await serve((req, res) => {
    if (req.url === '/ada.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end();
    else res.writeHead(404).end();
  });
});
afterAll(async () => {
  await pictures.close();
  rmSync(folder, { recursive: true, force: true });
});

async function withServer(variables: Record<string, string>, run: (url: string) => Promise<void>): Promise<void> {
  const server = await serveApp(database().sql, variables);
  try {
    await run(server.url);
  } finally {
    await server.close();
  }
}

async function getOne(url: string, query = ''): Promise<GetOneSomethingNewResponse> {
  const response = await fetch(`${url}/api/getOneSomethingNew${query}`);
  expect(response.status).toBe(200);
  return getOneSomethingNewResponseSchema.parse(await response.json());
}

function imageSources(csp: string | null): string[] {
  const directive = (csp ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith('img-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

describe('GET /api/getOneSomethingNew', () => {
  it('without a profiles file: one fictional sample profile as a list, said to be the sample, bought by e-mail', async () => {
    await withServer({ DATA_DIR: folder }, async (url) => {
      const reply = await getOne(url);
      expect(reply.item).toHaveLength(1);
      expect(reply.sample).toBe(true);
      expect(reply.datasetUrl).toBeNull();
      expect(reply.item[0]?.proflink).toBeNull();
      // Nothing but our own pictures (and drawn ones) may be shown.
      expect(imageSources((await fetch(`${url}/somethingnew`)).headers.get('content-security-policy'))).toEqual(["'self'", 'data:', 'blob:']);
    });
  });

  it('never answers the profile named as on screen, press after press', async () => {
    await withServer({ DATA_DIR: folder }, async (url) => {
      let onScreen = (await getOne(url)).item[0]?.twitter ?? '';
      for (let press = 0; press < 25; press++) {
        const next = (await getOne(url, `?exclude=${encodeURIComponent(`@${onScreen.toUpperCase()}`)}`)).item[0]?.twitter;
        expect(next).toBeDefined();
        expect(next?.toLowerCase()).not.toBe(onScreen.toLowerCase());
        onScreen = next ?? '';
      }
    });
  });

  it.each([
    ['a handle the site cannot have', '?exclude=no%20spaces%20here'],
    ['an empty handle', '?exclude='],
    ['two handles', '?exclude=ada&exclude=bo'],
  ])('answers 400 INVALID_REQUEST for %s', async (_what, query) => {
    await withServer({ DATA_DIR: folder }, async (url) => {
      const response = await fetch(`${url}/api/getOneSomethingNew${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'INVALID_REQUEST' });
    });
  });

  it("with the operator's file: its valid rows only, a reachable picture kept and an unreachable one drawn, the shop's link, and only the pictures' origin allowed", async () => {
    const file = path.join(folder, 'operator.csv');
    writeFileSync(
      file,
      [
        'twitter,name,bio,proflink',
        `ada_op,Ada Op,Builds a calm inbox,${pictures.url}/ada.png`,
        'not a handle,Broken,skipped,',
        `bo_op,Bo Op,"Builds, again",${pictures.url}/missing.png`,
      ].join('\n'),
    );
    await withServer({ SOMETHING_NEW_CSV: file, SOMETHING_NEW_DATASET_URL: 'https://shop.example/founders.csv' }, async (url) => {
      const ada = await getOne(url, '?exclude=bo_op');
      expect(ada).toEqual({
        item: [{ twitter: 'ada_op', name: 'Ada Op', bio: 'Builds a calm inbox', proflink: `${pictures.url}/ada.png` }],
        sample: false,
        datasetUrl: 'https://shop.example/founders.csv',
      });
      const bo = await getOne(url, '?exclude=ada_op');
      expect(bo.item).toEqual([{ twitter: 'bo_op', name: 'Bo Op', bio: 'Builds, again', proflink: null }]);
      const csp = (await fetch(`${url}/somethingnew`)).headers.get('content-security-policy');
      expect(imageSources(csp)).toEqual(["'self'", 'data:', 'blob:', pictures.url]);
    });
  });
});
