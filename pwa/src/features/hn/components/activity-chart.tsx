import { useId } from 'react';
import type { StorySample } from '#core/schemas/hn';
import { currentInstant } from '../../../lib/clock';
import { activitySummary, lineOf, type Box, type Figure } from '../activity-series';
import { counted, formatAsOf } from '../hn-format';
import styles from './activity-chart.module.css';

const BOX: Box = { width: 300, height: 56, pad: 4 };

function Series({ samples, figure, name, unit }: { readonly samples: readonly StorySample[]; readonly figure: Figure; readonly name: string; readonly unit: string }) {
  const line = lineOf(samples, figure, BOX);
  if (line === null) return null;
  return (
    <div className={styles.series} data-figure={figure}>
      <p className={styles.legend} aria-hidden="true">
        <span className={styles.name}>{name}</span> {counted(line.last, unit)}
        <span className={styles.range}>
          {line.lowest === line.highest ? '' : ` · ${String(line.lowest)}–${String(line.highest)}`}
        </span>
      </p>
      {/* The lines say what the caption says: the caption is what assistive technology reads. */}
      <svg className={styles.plot} viewBox={`0 0 ${String(BOX.width)} ${String(BOX.height)}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path d={line.path} className={styles.line} vectorEffect="non-scaling-stroke" />
      </svg>
    </div>
  );
}

/** Pro's time series on /hnitem: the post's score and comment count at each check, in two small line charts. */
export function ActivityChart({ samples }: { readonly samples: readonly StorySample[] }) {
  const id = useId();
  const captionId = useId();
  const now = currentInstant();
  const first = samples[0];
  const last = samples.at(-1);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        Score and comments over time
      </h2>
      <figure className={styles.figure} aria-labelledby={captionId}>
        <Series samples={samples} figure="score" name="Score" unit="point" />
        <Series samples={samples} figure="commentCount" name="Comments" unit="comment" />
        {first !== undefined && last !== undefined && samples.length > 1 && (
          <p className={styles.axis} aria-hidden="true">
            <span>{formatAsOf(new Date(first.at), now)}</span>
            <span>{formatAsOf(new Date(last.at), now)}</span>
          </p>
        )}
        <figcaption id={captionId} className={styles.summary}>
          {activitySummary(samples, now)}
        </figcaption>
      </figure>
    </section>
  );
}
