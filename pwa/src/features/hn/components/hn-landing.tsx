import { Check, Clock } from 'lucide-react';
import { Container } from '../../../components/layout/container';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { PRO_PRICE, plannedFeatures, planTexts, trackerSections } from '../hn-features';
import { ProBadge } from './pro-badge';
import styles from './hn-landing.module.css';

/** /hnrd for a visitor: what the tracker does, Get Started (sign in, back here), the plans and what is planned. */
export function HnLanding({ signInHref }: { readonly signInHref: string }) {
  return (
    <>
      <section className={styles.hero}>
        <Container className={styles.heroInner}>
          <PageHeading
            eyebrow="Hacker News launch tracker"
            title="Answer every comment on your launch"
            lead="Track your launch posts on Hacker News and see the top-level comments you have not answered yet, oldest first, each a tap away from its reply form."
            centered
          />
          <ButtonLink to={signInHref} size="lg">
            Get Started
          </ButtonLink>
          <p className={styles.note}>Free for one tracker. No card needed.</p>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="hn-how">
        <Container>
          <h2 id="hn-how" className={styles.sectionTitle}>
            How it works
          </h2>
          <ul className={styles.cards} role="list">
            {trackerSections.map(({ name, text, icon: Icon }) => (
              <Card as="li" key={name}>
                <Icon className={styles.icon} aria-hidden="true" />
                <h3 className={styles.cardTitle}>{name}</h3>
                <p className={styles.text}>{text}</p>
              </Card>
            ))}
          </ul>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="hn-plans">
        <Container>
          <h2 id="hn-plans" className={styles.sectionTitle}>
            Plans
          </h2>
          <ul className={styles.plans} role="list">
            <Card as="li">
              <h3 className={styles.cardTitle}>Free</h3>
              <p className={styles.text}>{planTexts.free}</p>
            </Card>
            <Card as="li">
              <h3 className={styles.cardTitle}>
                Pro <ProBadge />
              </h3>
              <p className={styles.price}>{PRO_PRICE}, billed monthly</p>
              <ul className={styles.ticks} role="list">
                {planTexts.pro.map((text) => (
                  <li key={text}>
                    <Check aria-hidden="true" /> {text}
                  </li>
                ))}
              </ul>
            </Card>
          </ul>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="hn-planned">
        <Container>
          <h2 id="hn-planned" className={styles.sectionTitle}>
            Planned features
          </h2>
          <ul className={styles.planned} role="list">
            {plannedFeatures.map(({ name, text, icon: Icon, built, pro }) => (
              <li key={name} className={styles.plannedItem}>
                <Icon className={styles.icon} aria-hidden="true" />
                <div>
                  <h3 className={styles.plannedName}>
                    {name}
                    {!built && pro && <span aria-hidden="true">*</span>}
                    {pro && <span className={styles.tag}>Pro</span>}
                    <span className={built ? styles.built : styles.soon}>
                      {built ? <Check aria-hidden="true" /> : <Clock aria-hidden="true" />}
                      {built ? 'Built' : 'Planned'}
                    </span>
                  </h3>
                  <p className={styles.text}>{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className={styles.footnote}>* Pro features marked with an asterisk are not yet available: they are scheduled for release on June 30th.</p>
        </Container>
      </section>
    </>
  );
}
