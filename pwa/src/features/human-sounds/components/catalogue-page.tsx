import { ArrowLeft, Download, Film } from 'lucide-react';
import { HUMAN_SOUNDS } from '#core/human-sounds/catalogue';
import { paths } from '#core/paths';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import { Container } from '../../../components/layout/container';
import { PublicPage } from '../../../components/layout/public-page';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { useOnlineStatus } from '../../../lib/online-status';
import { PREVIEW_VIDEO_HREF } from '../assets';
import { useCharityRaised } from '../data/get-raised';
import { CharityRaised } from './charity-raised';
import { HumanSoundsFaq } from './faq';
import { SoundCard } from './sound-card';
import styles from './human-sounds.module.css';

const PRICE = formatUsd(PRICES_CENTS.humanSounds);

/** 'Download Audio Library': to the checkout. */
function DownloadLibraryButton() {
  return (
    <ButtonLink to={paths.humanSoundsPay.href()} icon={<Download aria-hidden="true" size={20} />}>
      Download Audio Library
    </ButtonLink>
  );
}

/** /humansounds: the ten sounds to hear, the library to buy, the charity figure and the FAQ. */
export function HumanSoundsCataloguePage() {
  const online = useOnlineStatus();
  const raised = useCharityRaised();
  return (
    <PublicPage
      nav="site"
      title="Human Sounds"
      description={`Ten small UX sound effects for apps, free to listen to. The audio library is ${PRICE}, and every sale goes to charity.`}
    >
      <Container className={styles.page}>
        <header className={styles.hero}>
          <PageHeading
            eyebrow="UX sound effects"
            title="Human Sounds"
            lead={`Ten small, soft sounds for apps and sites: a pop, a tick, a nudge. Listen to every one here for free. The audio library is ${PRICE}, and the money goes to charity.`}
          />
          <p className={styles.honest}>
            Made by a script, not recorded: each sound comes from a recipe we wrote, and ‘See how it was made!’ shows it.
          </p>
          <div className={styles.heroActions}>
            <DownloadLibraryButton />
            <a className={styles.previewLink} href={PREVIEW_VIDEO_HREF} download>
              <Film aria-hidden="true" size={18} />
              Download the free preview video
            </a>
          </div>
          {!online && (
            <p className={styles.note} role="status">
              You are offline: the sounds still play, but buying the library and downloading the video need a connection.
            </p>
          )}
        </header>

        <section aria-labelledby="sounds-title" className={styles.sounds}>
          <h2 id="sounds-title" className={styles.sectionTitle}>
            The sounds
          </h2>
          <ul className={styles.grid} role="list">
            {HUMAN_SOUNDS.map((sound) => (
              <SoundCard key={sound.id} sound={sound} />
            ))}
          </ul>
        </section>

        <section className={styles.buy} aria-labelledby="buy-title">
          <h2 id="buy-title" className={styles.sectionTitle}>
            All ten sounds, {PRICE}
          </h2>
          <p className={styles.muted}>
            One zip of ten MP3s to use in your own apps, with a download link that keeps working. Every sale goes to
            charity.
          </p>
          <DownloadLibraryButton />
        </section>

        <CharityRaised state={raised.state} onRetry={raised.retry} />

        <HumanSoundsFaq />

        <p className={styles.otherProjects}>
          <ButtonLink to={paths.home.href()} variant="secondary" icon={<ArrowLeft aria-hidden="true" size={18} />}>
            See other projects
          </ButtonLink>
        </p>
      </Container>
    </PublicPage>
  );
}
