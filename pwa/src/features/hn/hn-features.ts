import { AlarmClock, BellRing, ChartLine, CornerDownRight, Inbox, Layers, Lock, MessageSquareReply, WifiOff, type LucideIcon } from 'lucide-react';
import { PRICES_CENTS, formatUsd } from '#core/plans/prices';

/** What the tracker's landing page says it does, in three sections. */
export const trackerSections: readonly { readonly name: string; readonly text: string; readonly icon: LucideIcon }[] = [
  {
    name: 'Only what still waits for you',
    text: 'Paste the link of your launch post. The tracker lists the top-level comments you have not answered, oldest first. A comment drops off as soon as you reply anywhere below it.',
    icon: Inbox,
  },
  {
    name: 'Reply in one tap',
    text: 'Every comment has its author, its age and its text, with a link straight to its reply form on Hacker News.',
    icon: MessageSquareReply,
  },
  {
    name: 'Works on a bad connection',
    text: 'Your trackers and their comments stay on your device, so they open offline, marked with the time they were checked.',
    icon: WifiOff,
  },
];

/** Where the tracker is going. `built` marks what is here already; the rest is planned. */
export const plannedFeatures: readonly { readonly name: string; readonly text: string; readonly icon: LucideIcon; readonly built: boolean; readonly pro: boolean }[] = [
  { name: 'Unanswered comments', text: 'The top-level comments you have not answered, per post.', icon: Inbox, built: true, pro: false },
  { name: 'Done and snooze', text: 'Mark a comment done, or snooze it until later; your other devices follow, offline too.', icon: AlarmClock, built: true, pro: false },
  { name: 'Replies deeper down', text: 'Replies to your own comments, at any depth, that still wait for you.', icon: CornerDownRight, built: true, pro: true },
  { name: 'New-comment notifications', text: 'A notification when new unanswered comments arrive on a post you track.', icon: BellRing, built: true, pro: false },
  { name: 'Time series', text: 'Score and comment count over time, drawn as a small chart.', icon: ChartLine, built: true, pro: true },
  { name: 'Digest', text: 'One summary of every post you track.', icon: Layers, built: false, pro: false },
  { name: 'Aggregation', text: 'All your posts’ comments in one list.', icon: Layers, built: false, pro: false },
  { name: 'Private trackers', text: 'Trackers nobody else can see exist.', icon: Lock, built: false, pro: true },
];

export const PRO_PRICE = `${formatUsd(PRICES_CENTS.proMonthly)} a month`;

/** The plans as the tracker states them (specification 2.11). */
export const planTexts = {
  free: 'One tracker at a time',
  pro: ['Unlimited trackers', 'Replies deeper down', 'Priority support'],
} as const;
