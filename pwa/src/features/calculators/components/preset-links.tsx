import { NavLink } from 'react-router-dom';
import { formatMediumDay, type CalendarDay } from '#core/dates/calendar-day';
import { PRESET_SLUGS, resolvePreset } from '#core/dates/presets';
import { PRESET_LINK_TEXT } from '../copy';
import type { CalculatorUnit } from '../units';
import styles from './preset-links.module.css';

export interface PresetLinksProps {
  readonly calculator: CalculatorUnit;
  readonly today: CalendarDay;
  readonly heading: string;
}

/** The named days, each with the date it stands for today; the page being shown is marked current. */
export function PresetLinks({ calculator, today, heading }: PresetLinksProps) {
  const headingId = `presets-${calculator.unit}`;
  return (
    <nav className={styles.presets} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <ul className={styles.list} role="list">
        {PRESET_SLUGS.map((slug) => (
          <li key={slug}>
            <NavLink className={styles.link} to={calculator.targetHref(slug)}>
              <span className={styles.name}>{PRESET_LINK_TEXT[slug]}</span>
              <span className={styles.date}>{formatMediumDay(resolvePreset(slug, today))}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
