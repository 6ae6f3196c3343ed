import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '../../../components/layout/container';
import { PublicPage } from '../../../components/layout/public-page';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { toolGroups } from '../tools-list';
import styles from './tools-index.module.css';

const groupId = (title: string) => `tools-${title.toLowerCase().replace(/\s+/g, '-')}`;

export function ToolsIndex() {
  return (
    <PublicPage
      nav="site"
      title="Tools"
      description="Free tools for thinking about time: weeks and days until a date, your life in weeks, and a few experiments."
    >
      <Container className={styles.page}>
        <PageHeading
          eyebrow="Free, no account needed"
          title="Tools"
          lead="Small tools for thinking about time, and a few experiments made along the way."
        />
        <div className={styles.groups}>
          {toolGroups.map((group) => (
            <section key={group.title} aria-labelledby={groupId(group.title)}>
              <h2 id={groupId(group.title)} className={styles.groupTitle}>
                {group.title}
              </h2>
              <ul className={styles.grid} role="list">
                {group.tools.map(({ name, description, to, icon: Icon }) => (
                  <Card as="li" key={name} className={`${styles.tool} render-near-view`} interactive>
                    <span className={styles.icon}>
                      <Icon aria-hidden="true" />
                    </span>
                    <h3 className={styles.name}>
                      <Link to={to}>{name}</Link>
                    </h3>
                    <p className={styles.description}>{description}</p>
                    <span className={styles.go} aria-hidden="true">
                      Open <ArrowRight />
                    </span>
                  </Card>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Container>
    </PublicPage>
  );
}
