import { Router } from 'express';
import type { Sql } from '../../db/client.ts';
import { checkHealth } from './service.ts';

export function healthRouter({ sql }: { readonly sql: Sql }): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const report = await checkHealth(sql);
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
  return router;
}
