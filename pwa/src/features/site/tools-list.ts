import type { LucideIcon } from 'lucide-react';
import { AudioLines, CalendarClock, CalendarDays, Gamepad2, Grid3x3, MessageSquareReply, Sparkles } from 'lucide-react';
import { paths } from '#core/paths';

export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly to: string;
  readonly icon: LucideIcon;
}

export interface ToolGroup {
  readonly title: string;
  readonly tools: readonly Tool[];
}

export const toolGroups: readonly ToolGroup[] = [
  {
    title: 'Date Utilities',
    tools: [
      {
        name: 'Weeks until',
        description: 'How many weeks until a date, with Christmas, Thanksgiving and the year’s end a tap away.',
        to: paths.weeksUntil.href(),
        icon: CalendarClock,
      },
      {
        name: 'Days until',
        description: 'Count the days until any date, and share the countdown with a link.',
        to: paths.daysUntil.href(),
        icon: CalendarDays,
      },
    ],
  },
  {
    title: 'Experiments',
    tools: [
      {
        name: 'Life calendar',
        description: 'Your whole life on one page, one square for every week, with famous milestones.',
        to: paths.life.href(),
        icon: Grid3x3,
      },
      {
        name: 'Human Sounds',
        description: 'Ten small sound effects for apps, free to hear; sales of the library go to charity.',
        to: paths.humanSounds.href(),
        icon: AudioLines,
      },
      {
        name: 'Something New',
        description: 'A preview of people who say they are building something new.',
        to: paths.somethingNew.href(),
        icon: Sparkles,
      },
      {
        name: 'Launch tracker',
        description: 'See the comments on your Hacker News launch that still wait for your answer.',
        to: paths.hnrd.href(),
        icon: MessageSquareReply,
      },
      {
        name: 'The blob game',
        description: 'A tiny role-playing game: beat the boss, or grow strong on the farm.',
        to: paths.bestGame.href(),
        icon: Gamepad2,
      },
    ],
  },
];
