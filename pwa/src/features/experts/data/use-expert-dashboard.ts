import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Booking, ExpertFields, ExpertRecord } from '#core/schemas/expert';
import { currentInstant } from '../../../lib/clock';
import { useOnlineStatus } from '../../../lib/online-status';
import { useSession } from '../../../session/use-session';
import { useSessionStore } from '../../../session/use-session-store';
import { onboardingFailure } from '../expert-messages';
import { expertSliceOf, readExpertSlice } from './device-copies';
import { getBookings, getChargesEnabled, getOwnExpert, markScheduled, refundBooking, updateExpert } from './expert-api';

export type DashboardLoad =
  /** Nothing known yet: asking the server. */
  | { readonly status: 'loading' }
  /** The server's answer (or, offline, the last one this device kept: `fresh` false). */
  | { readonly status: 'ready'; readonly fresh: boolean }
  /** This account has no page yet. */
  | { readonly status: 'no-page' }
  /** Nothing kept and the server could not be asked. */
  | { readonly status: 'failed'; readonly message: string };

/**
 * The expert's record and bookings for the dashboard: the last known copy (the session's expert
 * slice) at once, then the server's, with the provider asked whether the account takes charges
 * while it does not yet. Every answer is kept in the slice, so the dashboard opens offline.
 */
export function useExpertDashboard() {
  const online = useOnlineStatus();
  const store = useSessionStore();
  const { expert: slice } = useSession();
  const kept = useMemo(() => readExpertSlice(slice), [slice]);
  const [load, setLoad] = useState<DashboardLoad>(() => (kept?.record ? { status: 'ready', fresh: false } : { status: 'loading' }));

  const keep = useCallback(
    (record: ExpertRecord | null, bookings: readonly Booking[]) => {
      store.update((state) => ({ ...state, expert: expertSliceOf(record, bookings, currentInstant()) }));
    },
    [store],
  );

  const refresh = useCallback(async () => {
    try {
      let record = await getOwnExpert();
      if (record === null) {
        keep(null, []);
        setLoad({ status: 'no-page' });
        return;
      }
      if (record.stripeAccountId !== null && !record.chargesEnabled) {
        record = { ...record, chargesEnabled: await getChargesEnabled(record.stripeAccountId) };
      }
      const bookings = await getBookings();
      keep(record, bookings);
      setLoad({ status: 'ready', fresh: true });
    } catch (error) {
      setLoad((current) => (current.status === 'ready' ? { status: 'ready', fresh: false } : { status: 'failed', message: onboardingFailure(error) }));
    }
  }, [keep]);

  useEffect(() => {
    if (online) void refresh();
    else setLoad((current) => (current.status === 'ready' ? { status: 'ready', fresh: false } : current));
  }, [online, refresh]);

  const record = kept?.record ?? null;
  const bookings = useMemo(() => kept?.bookings ?? [], [kept]);

  const update = useCallback(
    async (fields: ExpertFields) => {
      const saved = await updateExpert(fields);
      keep(saved, bookings);
      return saved;
    },
    [keep, bookings],
  );

  const replaceBooking = useCallback(
    (changed: Booking) => {
      keep(
        record,
        bookings.map((booking) => (booking.id === changed.id ? changed : booking)),
      );
    },
    [keep, record, bookings],
  );

  const schedule = useCallback(async (id: string) => replaceBooking(await markScheduled(id)), [replaceBooking]);
  const refund = useCallback(async (id: string) => replaceBooking(await refundBooking(id)), [replaceBooking]);

  return { load, record, bookings, online, refresh, update, schedule, refund, savedAt: kept?.savedAt ?? null };
}
