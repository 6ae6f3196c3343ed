import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hnItemLink, hnReplyLink, parseTrackerLink, TRACKER_LINK_MESSAGES } from './link';

const accepted = (input: string) => {
  const result = parseTrackerLink(input);
  if (!result.ok) throw new Error(`refused ${input}: ${result.problem}`);
  return result;
};
const problemOf = (input: string) => {
  const result = parseTrackerLink(input);
  return result.ok ? null : result.problem;
};

describe('parseTrackerLink', () => {
  it.each([
    'https://news.ycombinator.com/item?id=8863',
    'http://news.ycombinator.com/item?id=8863',
    'news.ycombinator.com/item?id=8863',
    'https://www.news.ycombinator.com/item?id=8863',
    'HTTPS://NEWS.YCombinator.com/item?id=8863',
    '  https://news.ycombinator.com/item?id=8863  ',
    'https://news.ycombinator.com/item?id=8863#8870',
    'https://news.ycombinator.com/item?p=2&id=8863',
    'https://news.ycombinator.com/item?id=8863&p=2',
    'https://news.ycombinator.com/item/?id=8863',
    '8863',
    ' 8863\n',
  ])('takes %j as post 8863 and stores the canonical address', (input) => {
    expect(accepted(input)).toEqual({ ok: true, postId: 8863, link: 'https://news.ycombinator.com/item?id=8863' });
  });

  it.each([
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['https://news.ycombinator.com/', 'NOT_AN_ITEM_LINK'],
    ['https://news.ycombinator.com/item', 'NOT_AN_ITEM_LINK'],
    ['https://news.ycombinator.com/item?p=2', 'NOT_AN_ITEM_LINK'],
    ['https://news.ycombinator.com/user?id=pg', 'NOT_AN_ITEM_LINK'],
    ['https://news.ycombinator.com.evil.example/item?id=8863', 'NOT_AN_ITEM_LINK'],
    ['https://evil.example/news.ycombinator.com/item?id=8863', 'NOT_AN_ITEM_LINK'],
    ['https://evil.example/?u=https://news.ycombinator.com/item?id=8863', 'NOT_AN_ITEM_LINK'],
    ['javascript:alert(1)//news.ycombinator.com/item?id=8863', 'NOT_AN_ITEM_LINK'],
    ['ftp://news.ycombinator.com/item?id=8863', 'NOT_AN_ITEM_LINK'],
    ['https://hn.algolia.com/?q=dropbox', 'NOT_AN_ITEM_LINK'],
    ['my launch post', 'NOT_AN_ITEM_LINK'],
    ['-5', 'NOT_AN_ITEM_LINK'],
    ['88.63', 'NOT_AN_ITEM_LINK'],
    ['0', 'INVALID_ID'],
    ['99999999999999999999', 'INVALID_ID'],
    ['https://news.ycombinator.com/item?id=', 'INVALID_ID'],
    ['https://news.ycombinator.com/item?id=abc', 'INVALID_ID'],
    ['https://news.ycombinator.com/item?id=0', 'INVALID_ID'],
    ['https://news.ycombinator.com/item?id=88 63', 'INVALID_ID'],
    ['https://news.ycombinator.com/item?id=-1', 'INVALID_ID'],
    [`https://news.ycombinator.com/item?id=1&x=${'a'.repeat(2_100)}`, 'TOO_LONG'],
  ])('refuses %j as %s, with words that show a link to paste', (input, problem) => {
    const result = parseTrackerLink(input);
    expect(result).toEqual({ ok: false, problem, message: TRACKER_LINK_MESSAGES[problem as keyof typeof TRACKER_LINK_MESSAGES] });
    if (!result.ok) expect(result.message).toContain('https://news.ycombinator.com/item?id=');
  });

  it('reads the first id parameter only, as the site does', () => {
    expect(accepted('https://news.ycombinator.com/item?id=12&id=34').postId).toBe(12);
  });

  it('takes any post id written alone or in the site’s address, and gives the same post either way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(accepted(String(id)).postId).toBe(id);
        expect(accepted(hnItemLink(id))).toEqual(accepted(String(id)));
      }),
    );
  });

  it('never throws, and whatever it accepts is an item address of the site with a positive id', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true })), (input) => {
        const result = parseTrackerLink(input);
        if (!result.ok) return;
        expect(Number.isSafeInteger(result.postId) && result.postId > 0).toBe(true);
        expect(result.link).toBe(`https://news.ycombinator.com/item?id=${result.postId}`);
      }),
    );
  });

  it('refuses an address on any other host, whatever its path and query', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), fc.integer({ min: 1, max: 1e9 }), (url, id) => {
        fc.pre(!/^https?:\/\/(?:www\.)?news\.ycombinator\.com[/:]/i.test(url));
        expect(problemOf(`${url}/item?id=${id}`)).toBe('NOT_AN_ITEM_LINK');
      }),
    );
  });
});

describe('hnReplyLink', () => {
  it('opens the site’s reply form for the comment and comes back to it in the thread', () => {
    expect(hnReplyLink(8870, 8863)).toBe('https://news.ycombinator.com/reply?id=8870&goto=item%3Fid%3D8863%238870');
  });
});
