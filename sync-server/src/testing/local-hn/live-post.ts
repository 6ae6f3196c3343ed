import type { HnItem } from '#core/schemas/hn';
import type { LocalHn } from './local-hn.ts';
import { buildThread, FOUNDER, type CommentSpec } from './threads.ts';

/**
 * A post on the local API whose thread moves while a test runs, as a launch does: comments
 * arrive (each with a higher id than any before, as the site numbers them), the author answers,
 * the score climbs, the post may be deleted.
 */
export interface LivePost {
  readonly id: number;
  /** The post's address on the site, as a tracker is added with. */
  readonly link: string;
  readonly title: string;
  /** Writes a comment by `by`, on the post or in reply to `parent`; returns its id. */
  comment(by: string, parent?: number): number;
  setScore(score: number): void;
  /** The site deletes the post. */
  remove(): void;
}

export interface LivePostSpec {
  readonly id: number;
  /** When it was posted (ms). */
  readonly postedAt: number;
  readonly title?: string;
  readonly score?: number;
  readonly comments?: readonly CommentSpec[];
}

export function livePost(local: LocalHn, spec: LivePostSpec): LivePost {
  const title = spec.title ?? `Show HN: post ${String(spec.id)}`;
  const built = buildThread({ id: spec.id, by: FOUNDER, title, score: spec.score ?? 10, comments: spec.comments ?? [] });
  const items = new Map<number, HnItem>(built.items.map((item) => [item.id, item]));
  const postedSeconds = Math.floor(spec.postedAt / 1000);
  items.set(spec.id, { ...built.story, time: postedSeconds });
  let nextId = Math.max(...items.keys()) + 1;
  local.put([...items.values()]);

  const story = (): HnItem => items.get(spec.id) as HnItem;
  const update = (item: HnItem) => {
    items.set(item.id, item);
    local.put([item]);
  };

  return {
    id: spec.id,
    link: `https://news.ycombinator.com/item?id=${String(spec.id)}`,
    title,
    comment(by, parent = spec.id) {
      const id = nextId++;
      const above = items.get(parent);
      if (above === undefined) throw new Error(`no item ${String(parent)} in post ${String(spec.id)}`);
      update({ id, type: 'comment', by, parent, time: postedSeconds + (id - spec.id), text: `<p>Comment ${String(id)} by ${by}</p>` });
      update({ ...above, kids: [...(above.kids ?? []), id] });
      const current = story();
      update({ ...current, descendants: (current.descendants ?? 0) + 1 });
      return id;
    },
    setScore(score) {
      update({ ...story(), score });
    },
    remove() {
      update({ id: spec.id, type: 'story', time: postedSeconds, deleted: true });
    },
  };
}
