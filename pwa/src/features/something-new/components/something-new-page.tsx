import { Mail, ShoppingBag, Shuffle, WifiOff } from 'lucide-react';
import { contactMailto, CONTACT_EMAIL } from '#core/contact';
import { Container } from '../../../components/layout/container';
import { PublicPage } from '../../../components/layout/public-page';
import { Button } from '../../../components/ui/button';
import { ButtonAnchor } from '../../../components/ui/button-anchor';
import { PageHeading } from '../../../components/ui/page-heading';
import { SAMPLE_NOTICE, SOMETHING_NEW_DESCRIPTION, SOMETHING_NEW_TITLE, STALE_NOTICE } from '../copy';
import { useFounderProfiles, type FounderProfiles } from '../data/use-founder-profiles';
import { AboutSomethingNew } from './about';
import { FounderCard } from './founder-card';
import { RecentProfiles } from './recent-profiles';
import styles from './something-new.module.css';

/** 'Buy Dataset': the shop's page when one is configured, otherwise an e-mail to us. */
function BuyDataset({ datasetUrl }: { readonly datasetUrl: string | null }) {
  if (datasetUrl !== null) {
    return (
      <ButtonAnchor href={datasetUrl} target="_blank" rel="noopener noreferrer" variant="secondary" icon={<ShoppingBag aria-hidden="true" size={18} />}>
        Buy Dataset
      </ButtonAnchor>
    );
  }
  return (
    <span className={styles.buy}>
      <ButtonAnchor href={contactMailto('Something New dataset')} variant="secondary" icon={<Mail aria-hidden="true" size={18} />} aria-describedby="buy-by-mail">
        Buy Dataset
      </ButtonAnchor>
      <span id="buy-by-mail" className={styles.small}>
        By e-mail to {CONTACT_EMAIL}
      </span>
    </span>
  );
}

/** What the card shows: the profile, or why there is none yet. */
function CardArea({ founders }: { readonly founders: FounderProfiles }) {
  const { current, fetch, online } = founders;
  if (current !== null) return <FounderCard profile={current} sample={founders.sample ?? true} />;
  if (fetch.status === 'empty') return <p className={styles.placeholder}>There are no profiles to show yet.</p>;
  if (!online) {
    return <p className={styles.placeholder}>Profiles need a connection the first time. Connect to the internet to see one.</p>;
  }
  if (fetch.status === 'failed') return null;
  return (
    <p className={styles.placeholder} role="status">
      Getting a profile ...
    </p>
  );
}

/** /somethingnew: one founder at a time, the dataset to buy, and what this is. */
export function SomethingNewPage() {
  const founders = useFounderProfiles();
  const { current, fetch, online } = founders;
  return (
    <PublicPage nav="site" title={SOMETHING_NEW_TITLE} description={SOMETHING_NEW_DESCRIPTION}>
      <Container className={styles.page}>
        <header className={styles.hero}>
          <PageHeading eyebrow="Preview" title={SOMETHING_NEW_TITLE} lead="People who say they are building something new." />
          <p className={styles.stale}>{STALE_NOTICE}</p>
          {/* Until the server has said, the notice stands: the product ships the sample, and a notice
              appearing above the card once the answer came moved the whole page down. */}
          {founders.sample !== false && <p className={styles.sample}>{SAMPLE_NOTICE}</p>}
        </header>

        <section className={styles.founder} aria-label="Founder profile">
          <div className={styles.actions}>
            {online ? (
              <Button onClick={founders.getRandom} busy={fetch.status === 'loading'} icon={<Shuffle aria-hidden="true" size={18} />}>
                Get Random Profile
              </Button>
            ) : (
              <Button disabled icon={<WifiOff aria-hidden="true" size={18} />}>
                A connection is needed for new profiles
              </Button>
            )}
            <BuyDataset datasetUrl={founders.datasetUrl} />
          </div>
          {fetch.status === 'failed' && online && (
            <p className={styles.problem} role="alert">
              {fetch.message}
            </p>
          )}
          {!online && current !== null && (
            <p className={styles.small} role="status">
              You are offline: showing the profiles you saw before on this device.
            </p>
          )}
          <div aria-live="polite" className={styles.cardArea}>
            <CardArea founders={founders} />
          </div>
          <RecentProfiles profiles={founders.recent} current={current?.twitter ?? null} onShow={founders.show} />
        </section>

        <AboutSomethingNew />
      </Container>
    </PublicPage>
  );
}
