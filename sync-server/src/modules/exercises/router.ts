import { Router } from 'express';
import { z } from 'zod';
import {
  getExerciseRequestSchema,
  getMonthExercisesRequestSchema,
  updateBirthdayRequestSchema,
  updateExerciseRequestSchema,
} from '#core/schemas/exercise-calls';
import { calendarDaySchema } from '#core/schemas/records';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { Sql } from '../../db/client.ts';
import { parseBody, parseParams } from '../../http/validate.ts';
import { requireUser, sessionOf } from '../accounts/require-user.ts';
import type { Clock } from '../sync/record-writes.ts';
import { exerciseVersions, getExercise, getMonthExercises, updateBirthday, updateExercise } from './service.ts';

export interface ExercisesRouterDeps {
  readonly sql: Sql;
  readonly clock?: Clock;
}

const dayParamsSchema = z.object({ day: calendarDaySchema.transform((day) => day as CalendarDay) });

export function exercisesRouter({ sql, clock = Date.now }: ExercisesRouterDeps): Router {
  const router = Router();
  const signedIn = requireUser(sql);
  // The specification's record calls answer a missing or dead token with 400, as their first clients expect.
  const recordCall = requireUser(sql, { invalidStatus: 400 });

  router.get('/exercises/:day/versions', signedIn, async (req, res) => {
    const { day } = parseParams(dayParamsSchema, req);
    res.json(await exerciseVersions(sql, sessionOf(res).userId, day));
  });

  router.post('/getExercise', recordCall, async (req, res) => {
    const { date } = parseBody(getExerciseRequestSchema, req);
    res.json(await getExercise(sql, sessionOf(res).userId, date));
  });

  router.post('/getMonthExercises', recordCall, async (req, res) => {
    const { month } = parseBody(getMonthExercisesRequestSchema, req);
    res.json({ message: await getMonthExercises(sql, sessionOf(res).userId, month, clock) });
  });

  router.post('/updateExercise', recordCall, async (req, res) => {
    const { date, ...fields } = parseBody(updateExerciseRequestSchema, req);
    res.json(await updateExercise(sql, sessionOf(res).userId, date, fields, clock));
  });

  router.post('/updateBirthday', recordCall, async (req, res) => {
    const parts = parseBody(updateBirthdayRequestSchema, req);
    res.json({ birthday: await updateBirthday(sql, sessionOf(res).userId, parts, clock) });
  });

  return router;
}
