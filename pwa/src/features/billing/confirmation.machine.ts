import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/**
 * Waiting for the server to confirm a change the payment provider made. A plan turns Pro (or is
 * cancelled) only once the provider's signed webhook has reached the server, a moment after the
 * person paid (or cancelled); until then the page says it is confirming rather than show the old
 * state, which is no longer true. The server is asked again after a growing pause, only while
 * the device is online, until it confirms, refuses (the payment was not made), or a time limit
 * passes (the page then says so and offers to check again).
 *
 * `check` is the screen's: the checkout's state (dashboard), the account (/hnupgrade), the plan
 * (after Cancel or Undo).
 */

/** What one look at the server found. */
export type ConfirmCheck = 'confirmed' | 'waiting' | 'refused';

export interface ConfirmInput {
  readonly online: boolean;
}

export type ConfirmEvent = { readonly type: 'CONNECTION'; readonly online: boolean } | { readonly type: 'CHECK_AGAIN' };

/** The first pause; each later one doubles, up to `MAX_PAUSE_MS`. */
export const FIRST_PAUSE_MS = 500;
export const MAX_PAUSE_MS = 8_000;
/** After this long without an answer the page stops waiting on its own. */
export const GIVE_UP_AFTER_MS = 2 * 60_000;

/** The pause before the next look, after `attempts` looks that found the payment unconfirmed. */
export function pauseAfter(attempts: number): number {
  return Math.min(FIRST_PAUSE_MS * 2 ** Math.max(0, attempts - 1), MAX_PAUSE_MS);
}

export const confirmationMachine = setup({
  types: {
    context: {} as { readonly online: boolean; readonly attempts: number },
    events: {} as ConfirmEvent,
    input: {} as ConfirmInput,
    tags: {} as 'busy',
  },
  actors: {
    check: fromPromise<ConfirmCheck>(() => Promise.reject(new Error('The screen provides the check'))),
  },
  guards: {
    isOffline: ({ context }) => !context.online,
    wentOnline: (_, params: { online: boolean }) => params.online,
    found: (_, params: { found: ConfirmCheck; expected: ConfirmCheck }) => params.found === params.expected,
  },
  actions: {
    rememberConnection: assign((_, params: { online: boolean }) => ({ online: params.online })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
  },
  delays: {
    pause: ({ context }) => pauseAfter(context.attempts),
    giveUp: GIVE_UP_AFTER_MS,
  },
}).createMachine({
  id: 'confirmation',
  context: ({ input }) => ({ online: input.online, attempts: 0 }),
  on: {
    CONNECTION: { actions: { type: 'rememberConnection', params: ({ event }) => ({ online: event.online }) } },
  },
  initial: 'confirming',
  states: {
    confirming: {
      tags: 'busy',
      initial: 'deciding',
      after: { giveUp: 'stillUnconfirmed' },
      states: {
        deciding: {
          always: [{ guard: 'isOffline', target: 'offline' }, { target: 'checking' }],
        },
        checking: {
          invoke: {
            src: 'check',
            onDone: [
              { guard: { type: 'found', params: ({ event }) => ({ found: event.output, expected: 'confirmed' }) }, target: '#confirmation.confirmed' },
              { guard: { type: 'found', params: ({ event }) => ({ found: event.output, expected: 'refused' }) }, target: '#confirmation.refused' },
              { target: 'waiting' },
            ],
            // No answer (a lost connection, a server in trouble): look again after the pause.
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          entry: 'countAttempt',
          after: { pause: 'deciding' },
        },
        offline: {
          on: {
            CONNECTION: {
              guard: { type: 'wentOnline', params: ({ event }) => ({ online: event.online }) },
              target: 'checking',
              actions: { type: 'rememberConnection', params: ({ event }) => ({ online: event.online }) },
            },
          },
        },
      },
    },
    stillUnconfirmed: {
      on: { CHECK_AGAIN: { target: 'confirming', actions: 'resetAttempts' } },
    },
    confirmed: { type: 'final' },
    refused: { type: 'final' },
  },
});

export type ConfirmationSnapshot = SnapshotFrom<typeof confirmationMachine>;
