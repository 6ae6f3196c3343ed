import { Quote } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ABOUT_AUTHOR, AUTHOR_POSTS, EXPLANATION } from '../copy';
import styles from './something-new.module.css';

/** The explanation, the author's three posts (static cards, nothing embedded) and the note about the author. */
export function AboutSomethingNew() {
  return (
    <>
      <section className={styles.prose} aria-labelledby="what-title">
        <h2 id="what-title" className={styles.sectionTitle}>
          What is this?
        </h2>
        {EXPLANATION.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <section aria-labelledby="posts-title" className={styles.postsSection}>
        <h2 id="posts-title" className={styles.sectionTitle}>
          From the author’s posts
        </h2>
        <ul role="list" className={styles.posts}>
          {AUTHOR_POSTS.map((post) => (
            <Card as="li" key={post.when}>
              <Quote className={styles.quoteIcon} aria-hidden="true" />
              <blockquote className={styles.quote}>
                <p>{post.text}</p>
              </blockquote>
              <p className={styles.small}>The author · {post.when}</p>
            </Card>
          ))}
        </ul>
      </section>

      <section className={styles.prose} aria-labelledby="author-title">
        <h2 id="author-title" className={styles.sectionTitle}>
          About the author
        </h2>
        {ABOUT_AUTHOR.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
    </>
  );
}
