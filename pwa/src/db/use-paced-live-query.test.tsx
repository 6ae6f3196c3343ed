import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRecord, listRecords, putRecords, watchRecords } from './record-packs';
import { openUserDb, type UserDb } from './user-db';
import { pacer, usePacedLiveQuery } from './use-paced-live-query';

/** A read whose end the test decides. */
function controlledRead() {
  const started: (() => void)[] = [];
  const read = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        started.push(resolve);
      }),
  );
  const finish = async (index: number) => {
    await act(async () => {
      started[index]?.();
      await Promise.resolve();
    });
  };
  return { read, finish };
}

describe('pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads at once after a single change', () => {
    const { read } = controlledRead();
    const reads = pacer(read, 400, () => Date.now());
    reads.changed();
    vi.advanceTimersByTime(0);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('answers a burst with one more read, after the running one and once the gap is over', async () => {
    const { read, finish } = controlledRead();
    const reads = pacer(read, 400, () => Date.now());
    reads.changed();
    vi.advanceTimersByTime(0);
    for (let i = 0; i < 10; i += 1) reads.changed();
    // Never two reads at once.
    vi.advanceTimersByTime(1000);
    expect(read).toHaveBeenCalledTimes(1);
    await finish(0);
    // The first read started 1,000 ms ago, so the gap is over: the burst is read at once.
    vi.advanceTimersByTime(0);
    expect(read).toHaveBeenCalledTimes(2);
    await finish(1);
    vi.advanceTimersByTime(10_000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('holds a read back until the gap since the last one is over', async () => {
    const { read, finish } = controlledRead();
    const reads = pacer(read, 400, () => Date.now());
    reads.changed();
    vi.advanceTimersByTime(0);
    await finish(0);
    vi.advanceTimersByTime(100);
    reads.changed();
    vi.advanceTimersByTime(299);
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(read).toHaveBeenCalledTimes(2);
  });

  /** Writes under way that the test ends, as bulk-writes.ts reports them. */
  function writesUnderWay() {
    let end: () => void = () => undefined;
    let ends: Promise<void> | null = null;
    return {
      start: () => {
        ends = new Promise<void>((resolve) => {
          end = () => {
            ends = null;
            resolve();
          };
        });
      },
      end: () => end(),
      hold: { ends: () => ends, maxMs: 1000 },
    };
  }

  it('holds a read while writes are under way and reads once they end, the first read excepted', async () => {
    const { read, finish } = controlledRead();
    const writes = writesUnderWay();
    writes.start();
    const reads = pacer(read, 400, () => Date.now(), writes.hold);
    // Nothing on the screen yet: the first read goes at once all the same.
    reads.changed();
    vi.advanceTimersByTime(0);
    expect(read).toHaveBeenCalledTimes(1);
    await finish(0);
    vi.advanceTimersByTime(500);
    reads.changed();
    vi.advanceTimersByTime(600);
    expect(read).toHaveBeenCalledTimes(1);
    reads.changed();
    writes.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('holds a read for writes at most maxMs after the first change it answers', async () => {
    const { read, finish } = controlledRead();
    const writes = writesUnderWay();
    const reads = pacer(read, 400, () => Date.now(), writes.hold);
    reads.changed();
    vi.advanceTimersByTime(0);
    await finish(0);
    writes.start();
    vi.advanceTimersByTime(1000);
    reads.changed();
    vi.advanceTimersByTime(999);
    reads.changed();
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(read).toHaveBeenCalledTimes(2);
    await finish(1);
    // The writes go on: the next change waits its own second.
    reads.changed();
    vi.advanceTimersByTime(999);
    expect(read).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(read).toHaveBeenCalledTimes(3);
    await finish(2);
    reads.stop();
    writes.end();
    await vi.runAllTimersAsync();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads again when a read fails, and nothing after stop', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('read failed')).mockResolvedValue(undefined);
    const reads = pacer(read, 0, () => Date.now());
    reads.changed();
    vi.advanceTimersByTime(0);
    await Promise.resolve();
    reads.changed();
    await vi.runAllTimersAsync();
    expect(read).toHaveBeenCalledTimes(2);
    reads.stop();
    reads.changed();
    await vi.runAllTimersAsync();
    expect(read).toHaveBeenCalledTimes(2);
  });
});

const watchDays = (db: UserDb) => watchRecords(db, 'exercises');
let keyReads = 0;
const readKeys = (db: UserDb) => {
  keyReads += 1;
  return listRecords(db, 'exercises').then((rows) => rows.map((row) => row.key));
};
const readText = async (db: UserDb) => (await getRecord(db, 'exercises', '2026-02-01'))?.values.gratitudeOne;

function Keys({ db, seen }: { readonly db: UserDb; readonly seen?: string[] }) {
  const keys = usePacedLiveQuery(db, watchDays, readKeys);
  const text = keys === undefined ? 'loading' : `keys: [${keys.join(' ')}]`;
  seen?.push(text);
  return <p>{text}</p>;
}

describe('usePacedLiveQuery', () => {
  it('shows every commit of a burst in the end, reading fewer times than there were commits', async () => {
    const db = await openUserDb('paced-burst');
    render(<Keys db={db} />);
    await screen.findByText('keys: []');
    keyReads = 0;
    const days = Array.from({ length: 30 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
    for (const key of days) await putRecords(db, 'exercises', [{ key, values: {}, clocks: {} }]);
    await screen.findByText(`keys: [${days.join(' ')}]`);
    expect(keyReads).toBeLessThan(days.length / 2);
    db.close();
  });

  it('reads a change to a record already there, not only new records', async () => {
    const db = await openUserDb('paced-edit');
    await putRecords(db, 'exercises', [{ key: '2026-02-01', values: {}, clocks: {} }]);
    function Text() {
      const text = usePacedLiveQuery(db, watchDays, readText);
      return <p>{typeof text === 'string' ? text : 'nothing'}</p>;
    }
    render(<Text />);
    await screen.findByText('nothing');
    await putRecords(db, 'exercises', [{ key: '2026-02-01', values: { gratitudeOne: 'the sea' }, clocks: {} }]);
    await screen.findByText('the sea');
    db.close();
  });

  it("never shows the previous database's result once the database changes", async () => {
    const ada = await openUserDb('paced-ada');
    const bob = await openUserDb('paced-bob');
    await putRecords(ada, 'exercises', [{ key: '2026-03-01', values: {}, clocks: {} }]);
    const seen: string[] = [];
    const view = render(<Keys db={ada} seen={seen} />);
    await screen.findByText('keys: [2026-03-01]');
    seen.length = 0;
    view.rerender(<Keys db={bob} seen={seen} />);
    await screen.findByText('keys: []');
    expect(seen).not.toContain('keys: [2026-03-01]');
    ada.close();
    bob.close();
  });

  it('shows nothing once the database is closed at sign-out', async () => {
    const db = await openUserDb('paced-closed');
    await putRecords(db, 'exercises', [{ key: '2026-04-01', values: {}, clocks: {} }]);
    render(<Keys db={db} />);
    await screen.findByText('keys: [2026-04-01]');
    db.close();
    render(<Keys db={db} />);
    expect(screen.getAllByText(/^loading$|^keys:/).map((p) => p.textContent)).toEqual(['keys: [2026-04-01]', 'loading']);
  });
});
