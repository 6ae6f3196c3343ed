import { EXAMPLE_POST_ID } from '#core/hn/link';
import type { HnItem } from '#core/schemas/hn';
import { bigThread, buildThread, FOUNDER, launchThread, THREAD_EPOCH } from './threads.ts';

/** The posts the local API holds from its start, by fixed id, for server tests, e2e and the bench. */
export const FIXTURE_IDS = {
  /** `launchThread`: deep, wide, deleted and dead comments, the founder answering at several depths. */
  launch: 41_000_000,
  /** The example in the empty list's hint: a small thread with one comment waiting. */
  example: EXAMPLE_POST_ID,
  deletedStory: 41_100_001,
  deadStory: 41_100_002,
  job: 41_100_003,
  /** `bigThread` of 500 comments. */
  big: 41_200_000,
} as const;

export function fixtureItems(): HnItem[] {
  const example = buildThread({
    id: FIXTURE_IDS.example,
    by: 'pg',
    title: 'My YC app: a place to keep your files',
    url: 'https://files.example/',
    comments: [{ by: 'reader', replies: [{ by: 'pg' }] }, { by: 'asker', text: '<p>Does it sync?</p>' }],
  });
  return [
    ...launchThread(FIXTURE_IDS.launch).items,
    ...example.items,
    ...buildThread({ id: FIXTURE_IDS.deletedStory, by: FOUNDER, title: 'gone', deleted: true, comments: [] }).items,
    ...buildThread({ id: FIXTURE_IDS.deadStory, by: FOUNDER, title: 'Killed launch', dead: true, comments: [] }).items,
    { id: FIXTURE_IDS.job, type: 'job', by: FOUNDER, title: 'We are hiring', time: THREAD_EPOCH },
    ...bigThread(FIXTURE_IDS.big, 500).items,
  ];
}
