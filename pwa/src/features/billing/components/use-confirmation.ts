import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useOnlineStatus } from '../../../lib/online-status';
import { confirmationMachine, type ConfirmCheck } from '../confirmation.machine';

/** The confirmation machine on a screen, with the screen's own look at the server, following the connection. */
export function useConfirmation(check: () => Promise<ConfirmCheck>) {
  const online = useOnlineStatus();
  const [machine] = useState(() => confirmationMachine.provide({ actors: { check: fromPromise(check) } }));
  const [snapshot, send] = useMachine(machine, { input: { online } });
  useEffect(() => {
    send({ type: 'CONNECTION', online });
  }, [online, send]);
  return { snapshot, checkAgain: () => send({ type: 'CHECK_AGAIN' }) };
}
