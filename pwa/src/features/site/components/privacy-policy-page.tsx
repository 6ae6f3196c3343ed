import { Container } from '../../../components/layout/container';
import { PublicPage } from '../../../components/layout/public-page';
import { PageHeading } from '../../../components/ui/page-heading';
import { PrivacyPolicySections } from './privacy-policy-sections';
import styles from './privacy-policy-page.module.css';

export function PrivacyPolicyPage() {
  return (
    <PublicPage
      nav="site"
      title="Privacy policy"
      description="What Memento keeps about you, why, and how to get a copy or have it deleted."
    >
      <Container narrow className={styles.page}>
        <PageHeading
          eyebrow="Privacy"
          title="Privacy policy"
          lead="Memento keeps what it needs to work, and nothing to sell. Here is all of it, in plain words."
        />
        <div className={styles.policy}>
          <PrivacyPolicySections />
        </div>
        <p className={styles.updated}>Last updated November 2026.</p>
      </Container>
    </PublicPage>
  );
}
