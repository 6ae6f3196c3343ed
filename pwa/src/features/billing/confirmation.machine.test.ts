// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { confirmationMachine, GIVE_UP_AFTER_MS, MAX_PAUSE_MS, pauseAfter, type ConfirmCheck } from './confirmation.machine';

/** The confirmation headless: the server's answers scripted, XState's SimulatedClock moving time. */

function start(answers: (ConfirmCheck | Error)[], online = true) {
  let looks = 0;
  const machine = confirmationMachine.provide({
    actors: {
      check: fromPromise(() => {
        const answer = answers[looks] ?? 'waiting';
        looks += 1;
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { online }, clock });
  actor.start();
  return { actor, clock, looks: () => looks };
}

/** Lets settled promises deliver their results to the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('pauseAfter', () => {
  it('starts short, doubles, and stops growing at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(pauseAfter)).toEqual([500, 1_000, 2_000, 4_000, MAX_PAUSE_MS, MAX_PAUSE_MS, MAX_PAUSE_MS]);
  });
});

describe('confirmationMachine', () => {
  it('looks at once, then again after each growing pause, until the server confirms', async () => {
    const { actor, clock, looks } = start(['waiting', new Error('no answer'), 'waiting', 'confirmed']);
    await waitFor(actor, (s) => s.matches({ confirming: 'waiting' }));
    expect(looks()).toBe(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    clock.increment(499);
    expect(looks()).toBe(1);
    clock.increment(1);
    await settle();
    expect(looks()).toBe(2);
    // The lost answer counts like "not yet": the next pause is twice as long.
    clock.increment(1_000);
    await settle();
    expect(looks()).toBe(3);
    clock.increment(2_000);
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(looks()).toBe(4);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ends at once when the server says the payment was not made', async () => {
    const { actor } = start(['refused']);
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('asks nothing while offline, and looks as soon as the connection is back', async () => {
    const { actor, clock, looks } = start(['confirmed'], false);
    expect(actor.getSnapshot().matches({ confirming: 'offline' })).toBe(true);
    clock.increment(60_000);
    expect(looks()).toBe(0);
    actor.send({ type: 'CONNECTION', online: true });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(looks()).toBe(1);
  });

  it('waits for the connection again when it goes during the wait', async () => {
    const { actor, clock, looks } = start(['waiting', 'confirmed']);
    await waitFor(actor, (s) => s.matches({ confirming: 'waiting' }));
    actor.send({ type: 'CONNECTION', online: false });
    clock.increment(MAX_PAUSE_MS);
    expect(actor.getSnapshot().matches({ confirming: 'offline' })).toBe(true);
    expect(looks()).toBe(1);
    actor.send({ type: 'CONNECTION', online: true });
    await waitFor(actor, (s) => s.matches('confirmed'));
  });

  it('stops waiting after the time limit, and checks again on request', async () => {
    const { actor, clock, looks } = start([]);
    await waitFor(actor, (s) => s.matches({ confirming: 'waiting' }));
    for (let waited = 0; waited < GIVE_UP_AFTER_MS; waited += MAX_PAUSE_MS) {
      clock.increment(MAX_PAUSE_MS);
      await settle();
    }
    expect(actor.getSnapshot().matches('stillUnconfirmed')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    const before = looks();
    clock.increment(60_000);
    expect(looks()).toBe(before);
    actor.send({ type: 'CHECK_AGAIN' });
    await settle();
    expect(looks()).toBe(before + 1);
    expect(actor.getSnapshot().context.attempts).toBe(1);
  });
});
