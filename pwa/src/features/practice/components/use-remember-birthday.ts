import { useEffect, useRef } from 'react';
import { parseCalendarDay } from '#core/dates/calendar-day';
import type { ProfileFields } from '#core/schemas/records';
import { useSaveProfile } from '../data/save-profile';

/**
 * The weeks-left exercise remembers the birthday entered on its form: when the address goes from
 * the entry (no {bday}) to a chart of a birthday (DONE), that birthday is stored in the profile,
 * so the next start goes straight to the chart. Charts opened any other way store nothing.
 */
export function useRememberBirthday(bday: string | undefined, profile: ProfileFields | undefined, onError: (message: string) => void): void {
  const save = useSaveProfile();
  const previous = useRef(bday);
  useEffect(() => {
    const was = previous.current;
    previous.current = bday;
    if (was !== undefined || bday === undefined) return;
    const birthday = parseCalendarDay(bday);
    if (birthday === null || profile?.birthday === birthday) return;
    save({ birthday }).catch((error: unknown) => {
      onError(error instanceof Error ? error.message : 'Your birthday could not be saved.');
    });
  }, [bday, profile, save, onError]);
}
