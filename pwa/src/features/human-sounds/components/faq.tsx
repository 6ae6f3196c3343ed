import { formatUsd, HUMAN_SOUNDS_MATCH_LIMIT_CENTS, PRICES_CENTS } from '#core/plans/prices';
import { CONTACT_EMAIL, contactMailto } from '#core/contact';
import styles from './human-sounds.module.css';

/** The questions people ask about the library, answered plainly. */
export function HumanSoundsFaq() {
  return (
    <section className={styles.faq} aria-labelledby="faq-title">
      <h2 id="faq-title" className={styles.sectionTitle}>
        Questions
      </h2>
      <dl className={styles.questions}>
        <div>
          <dt>Why was this made?</dt>
          <dd>
            Most apps either stay silent or borrow the same stock beeps. We wanted a small set of soft, friendly sounds
            that feel made by a person rather than a machine: a pop when something is added, a tick when it is done, a
            nudge when something needs a look. Anyone can listen to them here, free.
          </dd>
        </div>
        <div>
          <dt>Were they recorded by people?</dt>
          <dd>
            No. We could not record people for this page, so each sound is made by a short script in this project from a
            recipe we wrote: tones, noise and envelopes shaped to sound like a mouth, a finger or a breath. ‘See how it was
            made!’ under each sound tells its recipe.
          </dd>
        </div>
        <div>
          <dt>What happens to the money?</dt>
          <dd>
            The library costs {formatUsd(PRICES_CENTS.humanSounds)}, and every sale goes to charity. On top of that, the
            owner matches what sales raise, dollar for dollar, up to {formatUsd(HUMAN_SOUNDS_MATCH_LIMIT_CENTS)} in
            total. The running figure is shown above.
          </dd>
        </div>
        <div>
          <dt>Where are the illustrations from?</dt>
          <dd>They are ours: each one was drawn for this page, to go with its sound.</dd>
        </div>
        <div>
          <dt>Will there be more sounds?</dt>
          <dd>
            Perhaps. If there is a sound your app needs, write to{' '}
            <a href={contactMailto('A sound for Human Sounds')}>{CONTACT_EMAIL}</a> and tell us about it.
          </dd>
        </div>
      </dl>
    </section>
  );
}
