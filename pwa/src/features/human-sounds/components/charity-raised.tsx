import { HeartHandshake } from 'lucide-react';
import { calendarDayInLocalZone, formatMonthDayYear } from '#core/dates/calendar-day';
import { formatUsd, HUMAN_SOUNDS_MATCH_LIMIT_CENTS } from '#core/plans/prices';
import type { CharityRaised as Raised } from '#core/schemas/human-sounds';
import { Button } from '../../../components/ui/button';
import type { RaisedState } from '../data/get-raised';
import styles from './human-sounds.module.css';

/** 'November 24, 2026' (the device's day) for the figures' date; the raw text if it is not a date. */
function dayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatMonthDayYear(calendarDayInLocalZone(date));
}

function Figures({ raised }: { readonly raised: Raised }) {
  return (
    <dl className={styles.figures}>
      <div>
        <dt>Raised by sales</dt>
        <dd>{formatUsd(raised.salesCents)}</dd>
      </div>
      <div>
        <dt>Added by the owner’s match</dt>
        <dd>{formatUsd(raised.matchCents)}</dd>
      </div>
      <div className={styles.total}>
        <dt>Going to charity</dt>
        <dd>{formatUsd(raised.totalCents)}</dd>
      </div>
    </dl>
  );
}

interface CharityRaisedProps {
  readonly state: RaisedState;
  readonly onRetry: () => void;
}

/** What the library has raised for charity so far, live when online, the last known figure offline. */
export function CharityRaised({ state, onRetry }: CharityRaisedProps) {
  return (
    <section className={styles.charity} aria-labelledby="charity-title">
      <div className={styles.charityHead}>
        <HeartHandshake aria-hidden="true" className={styles.charityIcon} />
        <h2 id="charity-title" className={styles.sectionTitle}>
          Raised for charity
        </h2>
      </div>
      <p className={styles.muted}>
        Every sale of the library goes to charity, and the owner matches what sales raise, up to{' '}
        {formatUsd(HUMAN_SOUNDS_MATCH_LIMIT_CENTS)} in total.
      </p>
      {state.status === 'loading' && (
        <p className={styles.muted} role="status">
          Getting the amount raised ...
        </p>
      )}
      {state.status === 'live' && <Figures raised={state.raised} />}
      {state.status === 'saved' && (
        <>
          <Figures raised={state.raised} />
          <p className={styles.note} role="status">
            {state.offline
              ? `You are offline: these are the last figures this device saw, from ${dayOf(state.raised.asOf)}.`
              : `The latest figures could not be loaded; these are from ${dayOf(state.raised.asOf)}.`}
          </p>
        </>
      )}
      {state.status === 'unavailable' && (
        <p className={styles.note} role="status">
          {state.offline
            ? 'The amount raised needs a connection to load. Connect to the internet to see it.'
            : 'The amount raised could not be loaded right now.'}
        </p>
      )}
      {state.status !== 'loading' && state.status !== 'live' && !isOffline(state) && (
        <div>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}

function isOffline(state: RaisedState): boolean {
  return (state.status === 'saved' || state.status === 'unavailable') && state.offline;
}
