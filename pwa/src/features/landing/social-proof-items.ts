/**
 * The press mentions and posts shown on the landing page, as static cards: nothing is embedded
 * and no image is loaded from anyone else's server. Replace the entries as new ones come in.
 */

export interface PressMention {
  readonly outlet: string;
  readonly headline: string;
}

export interface Post {
  readonly name: string;
  readonly handle: string;
  readonly text: string;
}

export const pressMentions: readonly PressMention[] = [
  { outlet: 'Hacker News', headline: 'Show HN: Your life in weeks, and a daily practice to use them well' },
  { outlet: 'Product Hunt', headline: 'A mindfulness app that starts with the number of weeks you have left' },
  { outlet: 'Indie Hackers', headline: 'Building a calm product around an uncomfortable idea' },
];

export const posts: readonly Post[] = [
  {
    name: 'Priya S.',
    handle: '@priyamakes',
    text: 'Seeing my weeks on one screen was the least morbid thing I did all year. I called my dad that evening.',
  },
  {
    name: 'Marcus O.',
    handle: '@marcuswrites',
    text: 'Three lines of gratitude before bed. Two weeks in and my days feel less like a blur.',
  },
  {
    name: 'Jen L.',
    handle: '@jenlin',
    text: 'The life calendar is the most sobering ten seconds on the internet. Then it makes you want to go do things.',
  },
];
