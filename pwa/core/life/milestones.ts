import { parseCalendarDay, type CalendarDay } from '../dates/calendar-day';

/**
 * Eighteen weeks in famous lives, each a documented event on a known day. `weekNum` and `age`
 * are written out so the list reads on its own; a unit test recomputes both from the two dates,
 * so a typo in either shows up as a failing test instead of a wrong fact on screen.
 */
export interface Milestone {
  /** The {name} part of /die/{bday}/{name}. */
  readonly slug: string;
  readonly name: string;
  readonly born: CalendarDay;
  readonly date: CalendarDay;
  /** Whole years old on `date`. */
  readonly age: number;
  /** Whole weeks lived before `date`: the chart cell the event falls in (0-based, like weeks lived). */
  readonly weekNum: number;
  readonly achievement: string;
  /** The portrait is drawn from these: initials on a disc of this hue. */
  readonly initials: string;
  readonly hue: number;
}

function day(text: string): CalendarDay {
  const parsed = parseCalendarDay(text);
  if (parsed === null) throw new Error(`Milestone date ${text} is not a calendar day`);
  return parsed;
}

export const MILESTONES: readonly Milestone[] = [
  {
    slug: 'greta',
    name: 'Greta Thunberg',
    born: day('2003-01-03'),
    date: day('2018-08-20'),
    age: 15,
    weekNum: 815,
    achievement:
      'Sat down alone outside the Swedish parliament with a sign reading “School strike for the climate”, a protest that spread to schools around the world.',
    initials: 'GT',
    hue: 150,
  },
  {
    slug: 'gates',
    name: 'Bill Gates',
    born: day('1955-10-28'),
    date: day('1975-04-04'),
    age: 19,
    weekNum: 1014,
    achievement: 'Founded Microsoft with his school friend Paul Allen.',
    initials: 'BG',
    hue: 205,
  },
  {
    slug: 'jobsapple',
    name: 'Steve Jobs',
    born: day('1955-02-24'),
    date: day('1976-04-01'),
    age: 21,
    weekNum: 1101,
    achievement: 'Founded Apple Computer with Steve Wozniak and Ronald Wayne.',
    initials: 'SJ',
    hue: 0,
  },
  {
    slug: 'kasparov',
    name: 'Garry Kasparov',
    born: day('1963-04-13'),
    date: day('1985-11-09'),
    age: 22,
    weekNum: 1178,
    achievement:
      'Beat Anatoly Karpov in Moscow to become world chess champion, the youngest the game had seen.',
    initials: 'GK',
    hue: 30,
  },
  {
    slug: 'einstein',
    name: 'Albert Einstein',
    born: day('1879-03-14'),
    date: day('1905-06-30'),
    age: 26,
    weekNum: 1372,
    achievement:
      'Sent “On the Electrodynamics of Moving Bodies”, the paper that set out special relativity, to the journal Annalen der Physik while working as a patent clerk in Bern.',
    initials: 'AE',
    hue: 260,
  },
  {
    slug: 'bell',
    name: 'Alexander Graham Bell',
    born: day('1847-03-03'),
    date: day('1876-03-10'),
    age: 29,
    weekNum: 1514,
    achievement: 'Made the first successful telephone call, asking his assistant Thomas Watson to come to him.',
    initials: 'AB',
    hue: 185,
  },
  {
    slug: 'curie',
    name: 'Marie Curie',
    born: day('1867-11-07'),
    date: day('1898-12-26'),
    age: 31,
    weekNum: 1624,
    achievement: 'Announced with Pierre Curie and Gustave Bémont the discovery of a new element: radium.',
    initials: 'MC',
    hue: 330,
  },
  {
    slug: 'earhart',
    name: 'Amelia Earhart',
    born: day('1897-07-24'),
    date: day('1932-05-21'),
    age: 34,
    weekNum: 1817,
    achievement: 'Landed in a field near Derry, Northern Ireland: the first woman to fly solo across the Atlantic.',
    initials: 'AE',
    hue: 15,
  },
  {
    // "legend" is John Legend's stage name: the week his EGOT was complete.
    slug: 'legend',
    name: 'John Legend',
    born: day('1978-12-28'),
    date: day('2018-09-09'),
    age: 39,
    weekNum: 2071,
    achievement:
      'Won an Emmy as a producer of Jesus Christ Superstar Live in Concert, completing an EGOT (Emmy, Grammy, Oscar and Tony), the first Black man to do so.',
    initials: 'JL',
    hue: 45,
  },
  {
    slug: 'stowe',
    name: 'Harriet Beecher Stowe',
    born: day('1811-06-14'),
    date: day('1852-03-20'),
    age: 40,
    weekNum: 2127,
    achievement: 'Published Uncle Tom’s Cabin as a book; it became one of the best-selling books of the 19th century.',
    initials: 'HS',
    hue: 280,
  },
  {
    slug: 'jfk',
    name: 'John F. Kennedy',
    born: day('1917-05-29'),
    date: day('1960-11-08'),
    age: 43,
    weekNum: 2267,
    achievement: 'Was elected the 35th President of the United States, the youngest person ever elected to the office.',
    initials: 'JK',
    hue: 220,
  },
  {
    slug: 'obama',
    name: 'Barack Obama',
    born: day('1961-08-04'),
    date: day('2008-11-04'),
    age: 47,
    weekNum: 2465,
    achievement: 'Was elected the 44th President of the United States, the first African American to hold the office.',
    initials: 'BO',
    hue: 195,
  },
  {
    slug: 'jobsphone',
    name: 'Steve Jobs',
    born: day('1955-02-24'),
    date: day('2007-01-09'),
    age: 51,
    weekNum: 2706,
    achievement: 'Introduced the iPhone on stage at Macworld in San Francisco.',
    initials: 'SJ',
    hue: 240,
  },
  {
    slug: 'gandhi',
    name: 'Mahatma Gandhi',
    born: day('1869-10-02'),
    date: day('1930-03-12'),
    age: 60,
    weekNum: 3153,
    achievement:
      'Set out from Sabarmati Ashram on the Salt March, a 24-day walk to the sea at Dandi to defy the British tax on salt.',
    initials: 'MG',
    hue: 25,
  },
  {
    slug: 'eastwood',
    name: 'Clint Eastwood',
    born: day('1930-05-31'),
    date: day('1993-03-29'),
    age: 62,
    weekNum: 3278,
    achievement: 'Won the Academy Award for Best Director for Unforgiven, which also won Best Picture.',
    initials: 'CE',
    hue: 100,
  },
  {
    slug: 'mandela',
    name: 'Nelson Mandela',
    born: day('1918-07-18'),
    date: day('1990-02-11'),
    age: 71,
    weekNum: 3734,
    achievement: 'Walked out of Victor Verster Prison, free after 27 years behind bars.',
    initials: 'NM',
    hue: 135,
  },
  {
    slug: 'franklin',
    name: 'Benjamin Franklin',
    // Gregorian, like every date here: Boston's Julian calendar then wrote 6 January 1705.
    born: day('1706-01-17'),
    date: day('1787-09-17'),
    age: 81,
    weekNum: 4261,
    achievement: 'Signed the Constitution of the United States in Philadelphia, the oldest of its signers.',
    initials: 'BF',
    hue: 60,
  },
  {
    slug: 'bennett',
    name: 'Tony Bennett',
    born: day('1926-08-03'),
    date: day('2011-09-20'),
    age: 85,
    weekNum: 4442,
    achievement:
      'Released Duets II, which made him, at 85, the oldest living artist to debut at No. 1 on the Billboard 200.',
    initials: 'TB',
    hue: 300,
  },
];

const BY_SLUG = new Map(MILESTONES.map((m) => [m.slug, m]));
const BY_WEEK = new Map(MILESTONES.map((m) => [m.weekNum, m]));

export function findMilestone(slug: string): Milestone | undefined {
  return BY_SLUG.get(slug);
}

/** The milestone in exactly this chart cell, if any: a neighbouring week is not a milestone. */
export function milestoneAtWeek(index: number): Milestone | undefined {
  return BY_WEEK.get(index);
}
