import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import type { CalendarDay } from '#core/dates/calendar-day';
import { parseLifeParam } from '#core/life/life-weeks';
import { findMilestone, type Milestone } from '#core/life/milestones';
import { ShareLink } from '../../../components/share-link/share-link';
import { paths } from '#core/paths';
import { BirthdayEntry } from './birthday-entry';
import { ByTheNumbers } from './by-the-numbers';
import { ChartLegend } from './chart-legend';
import { HowMade, OtherProjectsLink, SignupBanner } from './life-extras';
import { LifeChart } from './life-chart';
import { lifeInputErrorText, unknownMilestoneText } from '../life-messages';
import { FROM_CHART, cameFromChart, lifeLinks, type LifeVariant } from '../life-route';
import { LifeStats } from './life-stats';
import { MilestoneDialog } from './milestone-dialog';
import { OthersList } from './others-list';
import { siteOrigin } from '../../../lib/site-origin';
import { useAfterFirstPaint } from './use-after-first-paint';
import styles from './life-page.module.css';

export interface LifeChartViewProps {
  readonly variant: LifeVariant;
  /** The {bday} segment: a 'YYYY-MM-DD' birthday or a count of weeks lived. */
  readonly bday: string;
  /** The {name} segment, when a milestone overlay is open. */
  readonly milestoneSlug: string | undefined;
  readonly today: CalendarDay;
  /** Someone is signed in: the way on is their dashboard, not a sign-up. */
  readonly signedIn: boolean;
}

const SHARE_TEXT = 'My life in weeks: one square for every week of a 91-year life.';

function cellFor(milestone: Milestone): HTMLElement | null {
  return document.querySelector<HTMLElement>(`button[data-week="${String(milestone.weekNum)}"]`);
}

/** The chart at /die/{bday} and /mortality/{bday}, with the milestone overlay on top when one is named. */
export function LifeChartView({ variant, bday, milestoneSlug, today, signedIn }: LifeChartViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const links = lifeLinks(variant);
  const belowTheGrid = useAfterFirstPaint();
  const input = parseLifeParam(bday, today);
  const milestone = milestoneSlug === undefined ? undefined : findMilestone(milestoneSlug);

  const open = (m: Milestone) => void navigate(links.milestone(bday, m.slug), { state: FROM_CHART });
  // Back in history when the overlay was opened from this chart, so Back and close agree.
  const close = () => void (cameFromChart(location.state) ? navigate(-1) : navigate(links.chart(bday), { replace: true }));

  if (!input.ok) {
    return <BirthdayEntry variant={variant} today={today} signedIn={signedIn} notice={lifeInputErrorText(input.error, bday)} />;
  }
  // Always the public chart: whoever opens a shared link sees it without signing in.
  const shareUrl = new URL(paths.dieChart.href(bday), siteOrigin()).href;
  const isPublic = variant === 'public';

  return (
    <>
      <div className={styles.page}>
        {!isPublic && signedIn && (
          <Link className={styles.back} to={paths.dashboard.href()}>
            <ArrowLeft aria-hidden size={18} />
            Back to Activities
          </Link>
        )}
        {milestoneSlug !== undefined && !milestone && (
          <p className={styles.notice} role="alert">
            {unknownMilestoneText(milestoneSlug)}
          </p>
        )}
        <header className={styles.header}>
          <h1 className={styles.title}>{isPublic ? 'Your life in weeks' : 'Weeks left to live'}</h1>
          <LifeStats lived={input.lived} />
          <Link className={styles.change} to={links.entry}>
            Change birthday
          </Link>
        </header>
        <div className={styles.chart}>
          <ChartLegend />
          <LifeChart lived={input.lived} onOpenMilestone={open} />
        </div>
        {belowTheGrid && (
          <>
            <ShareLink url={shareUrl} title="My life in weeks" label="Share your chart" postText={SHARE_TEXT} />
            {isPublic && <SignupBanner signedIn={signedIn} />}
            <ByTheNumbers lived={input.lived} />
            <OthersList milestoneHref={(slug) => links.milestone(bday, slug)} />
            {isPublic && <HowMade />}
            {isPublic && <OtherProjectsLink />}
          </>
        )}
      </div>
      {milestone && (
        <MilestoneDialog key={milestone.slug} milestone={milestone} lived={input.lived} onClose={close} fallbackFocus={() => cellFor(milestone)} />
      )}
    </>
  );
}
