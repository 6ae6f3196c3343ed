import type { Milestone } from '#core/life/milestones';
import styles from './milestone-portrait.module.css';

export interface MilestonePortraitProps {
  readonly milestone: Milestone;
  readonly size: 'small' | 'large';
}

/**
 * Our own artwork rather than photographs: initials on a disc in the person's colour, drawn as
 * SVG so it ships inside the app, works offline and needs no image rights.
 */
export function MilestonePortrait({ milestone, size }: MilestonePortraitProps) {
  return (
    <svg className={size === 'large' ? styles.large : styles.small} viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="48" fill={`hsl(${String(milestone.hue)} 50% 32%)`} />
      <circle cx="48" cy="48" r="40" fill="none" stroke="rgb(255 255 255 / 0.35)" strokeWidth="2" />
      <text
        x="48"
        y="50"
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#ffffff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="34"
        fontWeight="700"
        letterSpacing="1"
      >
        {milestone.initials}
      </text>
    </svg>
  );
}
