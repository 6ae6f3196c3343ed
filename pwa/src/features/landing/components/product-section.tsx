import { Container } from '../../../components/layout/container';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { productFeatures } from '../product-features';
import styles from './product-section.module.css';

/** What the daily practice is made of (the header's Product link lands here). */
export function ProductSection() {
  return (
    <section id="product" className={`${styles.section} render-near-view`} aria-labelledby="product-title">
      <Container>
        <PageHeading
          level={2}
          id="product-title"
          eyebrow="The daily practice"
          title="Two minutes a day, on purpose"
          lead="Memento turns an old idea, remember that you will die, into a small daily habit that makes today count."
        />
        <ul className={styles.features} role="list">
          {productFeatures.map(({ name, text, icon: Icon, free }) => (
            <Card as="li" key={name} className={styles.feature}>
              <span className={styles.icon}>
                <Icon aria-hidden="true" />
              </span>
              <h3 className={styles.name}>{name}</h3>
              <p className={styles.text}>{text}</p>
              {free && <span className={styles.free}>Free for everyone</span>}
            </Card>
          ))}
          <li className={styles.claim}>
            <span className={styles.claimNumber}>14 days</span>
            <p className={styles.claimText}>of regular reflection lifts your energy and mood.</p>
            <p className={styles.claimNote}>More activities arrive with our launch later this year.</p>
          </li>
        </ul>
      </Container>
    </section>
  );
}

