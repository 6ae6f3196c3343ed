import { describe, expect, it, vi } from 'vitest';
import { createEventRecorder, EVENT_QUEUE_MAX, readEventQueue, type QueuedEvent, type SendEvents } from './analytics';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
  };
}

describe('the analytics event queue', () => {
  it('sends an event at once when online and forgets it once the server has it', async () => {
    const storage = memoryStorage();
    const send = vi.fn<SendEvents>(() => Promise.resolve(true));
    const recorder = createEventRecorder(storage, send, () => true);
    recorder.record('Sign In', '/signup');
    await recorder.flush();
    expect(send).toHaveBeenCalledWith([{ name: 'Sign In', path: '/signup' }]);
    expect(readEventQueue(storage)).toEqual([]);
  });

  it('keeps events recorded offline and sends them, in batches of 50, once back online', async () => {
    const storage = memoryStorage();
    let online = false;
    const batches: number[] = [];
    const send = vi.fn((events: readonly QueuedEvent[]) => {
      batches.push(events.length);
      return Promise.resolve(true);
    });
    const recorder = createEventRecorder(storage, send, () => online);
    for (let index = 0; index < 60; index++) recorder.record('page_view', `/page/${index}`);
    await recorder.flush();
    expect(send).not.toHaveBeenCalled();
    expect(readEventQueue(storage)).toHaveLength(60);

    online = true;
    await recorder.flush();
    expect(batches).toEqual([50, 10]);
    expect(readEventQueue(storage)).toEqual([]);
  });

  it('keeps a batch the server did not take, and drops the oldest beyond the limit', async () => {
    const storage = memoryStorage();
    const recorder = createEventRecorder(storage, () => Promise.resolve(false), () => true);
    for (let index = 0; index < EVENT_QUEUE_MAX + 5; index++) recorder.record('page_view', `/p/${index}`);
    await recorder.flush();
    const queue = readEventQueue(storage);
    expect(queue).toHaveLength(EVENT_QUEUE_MAX);
    expect(queue[0]).toEqual({ name: 'page_view', path: '/p/5' });
  });

  it('reads a damaged queue as empty', () => {
    const storage = memoryStorage();
    storage.setItem('memento-events', '{not json');
    expect(readEventQueue(storage)).toEqual([]);
    storage.setItem('memento-events', JSON.stringify([{ name: 'page_view', path: '/' }, 42, { name: 1 }]));
    expect(readEventQueue(storage)).toEqual([{ name: 'page_view', path: '/' }]);
  });
});
