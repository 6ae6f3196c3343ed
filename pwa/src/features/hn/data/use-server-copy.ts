import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { UserDb } from '../../../db/user-db';
import { useUserDb } from '../../../session/user-db-context';
import { currentInstant } from '../../../lib/clock';
import { isFinalAnswer } from '../hn-messages';
import type { DeviceCopy } from './device-copy';

/**
 * What a tracker screen shows of a server answer it keeps on the device:
 * - 'loading': nothing to show yet.
 * - 'shown': the server's answer, or (`fromDevice`) the copy saved on this device when the server
 *   cannot be asked; `updating` while a request is under way, `problem` when the last one failed.
 * - 'failed': nothing to show, or the server's answer settles it (the tracker is gone).
 */
export type CopyState<T> =
  | { readonly status: 'loading' }
  | {
      readonly status: 'shown';
      readonly value: T;
      readonly savedAt: Date;
      readonly fromDevice: boolean;
      readonly updating: boolean;
      readonly problem: unknown;
    }
  | { readonly status: 'failed'; readonly problem: unknown };

export interface ServerCopySource<T> {
  /** Names what is shown; another key starts over. */
  readonly key: string;
  readonly fetch: (signal: AbortSignal) => Promise<T>;
  readonly read: (db: UserDb) => Promise<DeviceCopy<T> | null>;
  readonly save: (db: UserDb, value: T, savedAt: Date) => Promise<void>;
  /** After a final refusal (the tracker is gone), the saved copy goes too. */
  readonly forget?: (db: UserDb) => Promise<void>;
}

export interface ServerCopy<T> {
  readonly state: CopyState<T>;
  /** Asks the server again, showing what is there meanwhile. */
  readonly reload: () => void;
  /** Applies a change the server has confirmed (a deletion) to what is shown and saved. */
  readonly update: (change: (value: T) => T) => void;
}

interface Inner<T> {
  readonly key: string;
  readonly server: DeviceCopy<T> | null;
  /** undefined until the device has been read. */
  readonly device: DeviceCopy<T> | null | undefined;
  readonly pending: boolean;
  readonly failure: { readonly problem: unknown } | null;
}

const fresh = <T,>(key: string): Inner<T> => ({ key, server: null, device: undefined, pending: true, failure: null });

function view<T>(inner: Inner<T>, waitingForDevice: boolean): CopyState<T> {
  const { server, device, pending, failure } = inner;
  const problem = failure?.problem ?? null;
  if (server !== null) return { status: 'shown', ...server, fromDevice: false, updating: pending, problem };
  if (failure !== null && isFinalAnswer(failure.problem)) return { status: 'failed', problem };
  if (device) return { status: 'shown', ...device, fromDevice: true, updating: pending, problem };
  if (pending || (device === undefined && waitingForDevice)) return { status: 'loading' };
  return failure === null ? { status: 'loading' } : { status: 'failed', problem };
}

/**
 * A server answer kept on the device: the saved copy shows at once (offline, or until the
 * server answers), the server's answer replaces it and is saved in turn. The person's database
 * arrives once sync has started; until then a failed request keeps waiting for it rather than
 * saying there is no copy (as every signed-in screen waits for its records).
 */
export function useServerCopy<T>(source: ServerCopySource<T>): ServerCopy<T> {
  const { key } = source;
  const db = useUserDb();
  const [round, setRound] = useState(0);
  const [stored, setInner] = useState<Inner<T>>(() => fresh(key));
  const inner = stored.key === key ? stored : fresh<T>(key);
  const change = useCallback(
    (recipe: (current: Inner<T>) => Inner<T>) => setInner((current) => recipe(current.key === key ? current : fresh(key))),
    [key],
  );

  const fetchNow = useEffectEvent((signal: AbortSignal) => source.fetch(signal));
  const readDevice = useEffectEvent((open: UserDb) => source.read(open));
  const save = useEffectEvent((open: UserDb, copy: DeviceCopy<T>) => source.save(open, copy.value, copy.savedAt));
  const forget = useEffectEvent((open: UserDb) => source.forget?.(open));

  useEffect(() => {
    // Pending from the start (a new key starts fresh) or from reload().
    const controller = new AbortController();
    fetchNow(controller.signal).then(
      (value) => change((current) => ({ ...current, server: { value, savedAt: currentInstant() }, pending: false, failure: null })),
      (problem: unknown) => {
        if (!controller.signal.aborted) change((current) => ({ ...current, pending: false, failure: { problem } }));
      },
    );
    return () => controller.abort();
  }, [key, round, change]);

  useEffect(() => {
    if (db === null) return;
    let current = true;
    readDevice(db).then(
      (device) => current && change((state) => ({ ...state, device })),
      (error: unknown) => {
        console.warn('The tracker copy on this device could not be read', error);
        if (current) change((state) => ({ ...state, device: null }));
      },
    );
    return () => {
      current = false;
    };
  }, [db, key, change]);

  const { server, failure } = inner;
  useEffect(() => {
    if (db === null || server === null) return;
    save(db, server).catch((error: unknown) => console.warn('The tracker copy could not be saved on this device', error));
  }, [db, server]);

  useEffect(() => {
    if (db === null || failure === null || !isFinalAnswer(failure.problem)) return;
    Promise.resolve(forget(db)).catch((error: unknown) => console.warn('The tracker copy could not be removed', error));
  }, [db, failure]);

  const reload = useCallback(() => {
    change((current) => ({ ...current, pending: true }));
    setRound((value) => value + 1);
  }, [change]);
  const update = useCallback(
    (recipe: (value: T) => T) =>
      change((current) => ({
        ...current,
        server: current.server && { ...current.server, value: recipe(current.server.value) },
        device: current.device && { ...current.device, value: recipe(current.device.value) },
      })),
    [change],
  );
  const waitingForDevice = db === null ? typeof indexedDB !== 'undefined' : inner.device === undefined;
  const state = useMemo(() => view(inner, waitingForDevice), [inner, waitingForDevice]);
  return { state, reload, update };
}
