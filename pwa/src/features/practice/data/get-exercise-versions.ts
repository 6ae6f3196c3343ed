import { useEffect, useState } from 'react';
import type { CalendarDay } from '#core/dates/calendar-day';
import { exerciseVersionsResponseSchema, type ExerciseVersionsResponse } from '#core/schemas/exercise-calls';
import { api, type ApiClient } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/online-status';

/** Texts other devices wrote for a day and lost to the current ones (kept by the server). */
export async function getExerciseVersions(
  day: CalendarDay,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<ExerciseVersionsResponse['fields']> {
  const reply = await client.request(`/exercises/${encodeURIComponent(day)}/versions`, exerciseVersionsResponseSchema, {
    signal,
  });
  return reply.fields;
}

export type VersionsState =
  | { readonly status: 'offline' }
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly fields: ExerciseVersionsResponse['fields'] };

interface Loaded {
  readonly day: CalendarDay;
  readonly state: VersionsState;
}

/**
 * The kept versions of a day, asked for when online (again on coming back online) and each time
 * `refreshKey` changes. A null key asks for nothing new and keeps what was loaded: the caller's
 * way to wait until the server has what would change the answer.
 */
export function useExerciseVersions(day: CalendarDay, refreshKey: string | null = ''): VersionsState {
  const online = useOnlineStatus();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!online || refreshKey === null) return;
    const controller = new AbortController();
    getExerciseVersions(day, controller.signal).then(
      (fields) => setLoaded({ day, state: { status: 'ready', fields } }),
      () => {
        if (!controller.signal.aborted) setLoaded({ day, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [day, online, refreshKey]);
  if (!online) return { status: 'offline' };
  return loaded?.day === day ? loaded.state : { status: 'loading' };
}
