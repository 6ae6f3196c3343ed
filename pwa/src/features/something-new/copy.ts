import { CONTACT_EMAIL } from '#core/contact';

/** Something New's words: the page's texts, its three posts and the author's note. */

export const SOMETHING_NEW_TITLE = 'Something New';

export const SOMETHING_NEW_DESCRIPTION =
  'A preview of people who say they are building something new: one founder at a time, from a dataset of about 80 profiles.';

export const STALE_NOTICE = 'Stale data: this preview is not maintained, so profiles may be out of date.';

export const SAMPLE_NOTICE =
  'Fictional sample data: every founder shown here is made up for this preview. We scrape no one; the real dataset is loaded only by whoever runs this site.';

export const EXPLANATION = [
  'Some people put it right in their bio: they are building something new. No name yet, no launch post, just the start of an idea. This page shows them one at a time.',
  'The whole list is a CSV of about 80 profiles: handle, name, bio and picture. It is a snapshot, and it is not kept up to date.',
  `Want fresh profiles as they appear? Write to ${CONTACT_EMAIL} about a live dashboard.`,
] as const;

export interface AuthorPost {
  readonly text: string;
  readonly when: string;
}

/** Shown as static cards: nothing is embedded and nothing loads from a social site. */
export const AUTHOR_POSTS: readonly AuthorPost[] = [
  {
    text: 'Spent a weekend reading bios that say “building something new”. Some of the kindest, strangest ideas I have seen in a while.',
    when: 'Day one',
  },
  {
    text: 'Everyone in stealth mode is working on something they cannot name yet, and every one of them sounds excited about it.',
    when: 'Day two',
  },
  {
    text: 'Put the list in one CSV so nobody else has to scroll for three days. One random founder at a time on the site.',
    when: 'Day three',
  },
];

export const ABOUT_AUTHOR = [
  'Memento is made by one person in NYC who builds small tools: a life-in-weeks chart, date calculators, a launch tracker for Hacker News, a little game and this preview.',
  `Questions, ideas or a dataset to buy? Write to ${CONTACT_EMAIL}.`,
] as const;
