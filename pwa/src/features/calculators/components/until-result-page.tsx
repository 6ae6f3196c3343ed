import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import type { CalendarDay } from '#core/dates/calendar-day';
import { resolveTarget, type TargetUnit } from '#core/dates/target';
import { PublicPage } from '../../../components/layout/public-page';
import { resultMeta } from '../result-meta';
import { CALCULATOR_UNITS } from '../units';
import { PresetLinks } from './preset-links';
import { ResultAnswer } from './result-answer';
import { ResultProblem } from './result-problem';
import { siteOrigin } from '../../../lib/site-origin';
import styles from './calculator-page.module.css';

export interface UntilResultPageProps {
  readonly unit: TargetUnit;
  /** The {target} segment of the address, as typed. */
  readonly target: string;
  readonly today: CalendarDay;
}

/** /weeksuntil/{target} and /daysuntil/{target}: the answer and a link to share it, or why there is none. */
export function UntilResultPage({ unit, target, today }: UntilResultPageProps) {
  const calculator = CALCULATOR_UNITS[unit];
  const other = CALCULATOR_UNITS[unit === 'weeks' ? 'days' : 'weeks'];
  const resolution = resolveTarget(target, unit, today);
  const meta = resultMeta(calculator, resolution, today);
  const ok = resolution.kind === 'ok';

  return (
    <PublicPage nav="tools" title={meta.title} description={meta.description}>
      <div className={styles.page}>
        {resolution.kind === 'ok' ? (
          <ResultAnswer
            calculator={calculator}
            resolution={resolution}
            today={today}
            shareUrl={new URL(calculator.targetHref(target), siteOrigin()).href}
            shareTitle={meta.title}
          />
        ) : (
          <ResultProblem calculator={calculator} resolution={resolution} target={target} today={today} />
        )}
        <PresetLinks calculator={calculator} today={today} heading={ok ? 'Count to another day' : 'Or count to'} />
        <ul className={styles.links} role="list">
          <li>
            <Link to={calculator.entryHref()}>
              <ArrowLeft aria-hidden size={18} />
              Pick another date
            </Link>
          </li>
          {resolution.kind === 'ok' && (
            <li>
              {/* A bare number means weeks here and days there, so the other calculator gets the day itself. */}
              <Link to={other.targetHref(resolution.source === 'occasion' ? target : resolution.day)}>
                Count in {other.plural} instead
              </Link>
            </li>
          )}
        </ul>
      </div>
    </PublicPage>
  );
}
