import type { LucideIcon } from 'lucide-react';
import { BellRing, CalendarCheck, Grid3x3, Hourglass, NotebookPen } from 'lucide-react';

export interface ProductFeature {
  readonly name: string;
  readonly text: string;
  readonly icon: LucideIcon;
  /** Open to everyone, without an account. */
  readonly free?: boolean;
}

export const productFeatures: readonly ProductFeature[] = [
  {
    name: 'Gratitude journal',
    text: 'Write down three things you appreciated today. Three entries a day, private to you.',
    icon: NotebookPen,
  },
  {
    name: 'Weeks left to live',
    text: 'A short reflection on the weeks you have lived and the ones still ahead, from your birthday.',
    icon: Hourglass,
  },
  {
    name: 'Daily reminders',
    text: 'A gentle nudge at the time you choose, so the practice becomes a habit.',
    icon: BellRing,
  },
  {
    name: 'Streak calendar',
    text: 'Every day you reflect is marked on your calendar. Watch the month fill in.',
    icon: CalendarCheck,
  },
  {
    name: 'Free life calendar',
    text: 'No account needed: enter your birthday and see your whole life on one page, week by week.',
    icon: Grid3x3,
    free: true,
  },
];
