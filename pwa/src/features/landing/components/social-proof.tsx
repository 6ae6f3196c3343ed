import { Quote } from 'lucide-react';
import { Container } from '../../../components/layout/container';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { posts, pressMentions } from '../social-proof-items';
import styles from './social-proof.module.css';

/** Press mentions and people's posts, as quiet static cards. */
export function SocialProof() {
  return (
    <section className={`${styles.section} render-near-view`} aria-labelledby="proof-title">
      <Container>
        <PageHeading
          level={2}
          id="proof-title"
          eyebrow="In the press and in the feeds"
          title="People are making their weeks count"
        />
        <ul className={styles.press} role="list">
          {pressMentions.map((mention) => (
            <Card as="li" key={mention.outlet}>
              <p className={styles.outlet}>{mention.outlet}</p>
              <p className={styles.headline}>“{mention.headline}”</p>
            </Card>
          ))}
        </ul>
        <ul className={styles.posts} role="list">
          {posts.map((post) => (
            <Card as="li" key={post.handle}>
              <Quote className={styles.quoteIcon} aria-hidden="true" />
              <blockquote className={styles.quote}>
                <p>{post.text}</p>
              </blockquote>
              <p className={styles.author}>
                <span className={styles.avatar} aria-hidden="true">
                  {post.name.charAt(0)}
                </span>
                <span className={styles.who}>
                  <strong>{post.name}</strong>
                  <span>{post.handle}</span>
                </span>
              </p>
            </Card>
          ))}
        </ul>
      </Container>
    </section>
  );
}
