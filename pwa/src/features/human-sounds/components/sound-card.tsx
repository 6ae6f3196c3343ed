import { useId, useState } from 'react';
import { soundAudioHref, type HumanSound, type HumanSoundId } from '#core/human-sounds/catalogue';
import { Card } from '../../../components/ui/card';
import { soundIllustrationHref } from '../assets';
import { SoundPlayer } from './sound-player';
import styles from './sound-card.module.css';

interface SoundCardProps {
  readonly sound: HumanSound & { readonly id: HumanSoundId };
}

/** One sound of the catalogue: its picture, what it is good for, its vibe, a play button and its recipe. */
export function SoundCard({ sound }: SoundCardProps) {
  const headingId = useId();
  return (
    <Card as="li" className={`${styles.card} render-near-view`}>
      <article className={styles.sound} aria-labelledby={headingId}>
        <img className={styles.illustration} src={soundIllustrationHref(sound.id)} alt="" width={88} height={88} loading="lazy" />
        <div className={styles.body}>
          <h3 id={headingId} className={styles.name}>
            {sound.name}
          </h3>
          <dl className={styles.facts}>
            <div>
              <dt>Good for</dt>
              <dd>{sound.goodFor}</dd>
            </div>
            <div>
              <dt>Vibe</dt>
              <dd>{sound.vibe}</dd>
            </div>
          </dl>
        </div>
        <SoundPlayer src={soundAudioHref(sound.id)} name={sound.name} />
        <HowItWasMade text={sound.howMade} />
      </article>
    </Card>
  );
}

/** 'See how it was made!': the sound's recipe, shown on request. */
function HowItWasMade({ text }: { readonly text: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.howMade}>
      <button type="button" className={styles.reveal} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        See how it was made!
      </button>
      <div id={panelId} className={styles.recipe} hidden={!open}>
        <p>{text}</p>
      </div>
    </div>
  );
}
