import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useOnlineStatus } from '../../../lib/online-status';
import type { PushSupport } from '../../../lib/push/push-support';
import { useSaveReminderSettings, type ReminderSettingsChange } from '../data/save-reminder-settings';
import type { ReminderSettings } from '../data/use-reminder-settings';
import { reminderSettingsMachine, type ReminderSettingsActor, type ReminderSettingsSnapshot } from '../reminder-settings.machine';

type ReminderSwitch = readonly [ReminderSettingsSnapshot, ReminderSettingsActor['send']];

/**
 * The reminder switch's machine for this screen: it writes the profile through the signed-in
 * person's database, follows the synced settings and the connection, and is stopped on unmount.
 */
export function useReminderSwitch(support: PushSupport, settings: ReminderSettings | undefined): ReminderSwitch {
  const save = useSaveReminderSettings();
  // The same machine with this database's save: @xstate/react keeps the running actor (same
  // config) and takes the current implementations on every render.
  const machine = useMemo(
    () =>
      reminderSettingsMachine.provide({
        actors: {
          saveSettings: fromPromise<undefined, ReminderSettingsChange>(async ({ input }) => {
            await save(input);
            return undefined;
          }),
        },
      }),
    [save],
  );
  const online = useOnlineStatus();
  const [state, send] = useMachine(machine, { input: { support, online } });

  useEffect(() => {
    send({ type: 'CONNECTION', online });
  }, [send, online]);

  const enabled = settings?.enabled;
  const minutes = settings?.minutes;
  useEffect(() => {
    if (enabled !== undefined && minutes !== undefined) send({ type: 'SETTINGS', enabled, minutes });
  }, [send, enabled, minutes]);

  return [state, send] as const;
}
