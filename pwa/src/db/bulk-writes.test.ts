import { describe, expect, it } from 'vitest';
import { bulkWritesEnd, startBulkWrite } from './bulk-writes';

describe('bulk writes', () => {
  it('says none is under way until one starts, and ends when every one started has ended', async () => {
    expect(bulkWritesEnd('db-a')).toBeNull();
    const endFirst = startBulkWrite('db-a');
    const endSecond = startBulkWrite('db-a');
    const ended = bulkWritesEnd('db-a');
    expect(ended).not.toBeNull();
    let settled = false;
    void ended?.then(() => {
      settled = true;
    });
    endFirst();
    // Ending the same write twice does not end the other one.
    endFirst();
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(bulkWritesEnd('db-a')).not.toBeNull();
    endSecond();
    await ended;
    expect(settled).toBe(true);
    expect(bulkWritesEnd('db-a')).toBeNull();
  });

  it('keeps each database apart', () => {
    const end = startBulkWrite('db-b');
    expect(bulkWritesEnd('db-c')).toBeNull();
    expect(bulkWritesEnd('db-b')).not.toBeNull();
    end();
    expect(bulkWritesEnd('db-b')).toBeNull();
  });
});
