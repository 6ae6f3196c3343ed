import { useState } from 'react';
import type { FounderProfile } from '#core/schemas/something-new';
import { founderProfileHref } from '#core/something-new/profile-link';
import { Card } from '../../../components/ui/card';
import { InitialsArt } from './initials-art';
import styles from './something-new.module.css';

/** The profile's own picture while it loads; drawn initials without one or when it fails (offline too). */
function FounderPicture({ profile }: { readonly profile: FounderProfile }) {
  const [failed, setFailed] = useState<string | null>(null);
  const { proflink } = profile;
  if (proflink === null || failed === proflink) return <InitialsArt name={profile.name} className={styles.picture} />;
  return (
    <img
      key={proflink}
      className={styles.picture}
      src={proflink}
      alt=""
      width={96}
      height={96}
      referrerPolicy="no-referrer"
      onError={() => setFailed(proflink)}
    />
  );
}

interface FounderCardProps {
  readonly profile: FounderProfile;
  /** A fictional sample profile: its handle is no one's, so it links nowhere. */
  readonly sample: boolean;
}

/** One founder: picture, name, @handle to their profile, and bio. */
export function FounderCard({ profile, sample }: FounderCardProps) {
  const handle = `@${profile.twitter}`;
  return (
    <Card as="article" className={styles.card} aria-labelledby="founder-name">
      <FounderPicture profile={profile} />
      <div className={styles.who}>
        <h2 id="founder-name" className={styles.name}>
          {profile.name}
        </h2>
        {sample ? (
          <p className={styles.handle}>
            {handle} <span className={styles.fictional}>(fictional: no such profile)</span>
          </p>
        ) : (
          <a className={styles.handle} href={founderProfileHref(profile.twitter)} target="_blank" rel="noopener noreferrer">
            {handle}
          </a>
        )}
        <p className={styles.bio}>{profile.bio === '' ? 'No bio.' : profile.bio}</p>
      </div>
    </Card>
  );
}
