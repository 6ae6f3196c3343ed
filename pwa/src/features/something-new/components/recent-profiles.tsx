import type { FounderProfile } from '#core/schemas/something-new';
import styles from './something-new.module.css';

interface RecentProfilesProps {
  readonly profiles: readonly FounderProfile[];
  readonly current: string | null;
  readonly onShow: (handle: string) => void;
}

/** The profiles seen on this device, to show again (offline too). */
export function RecentProfiles({ profiles, current, onShow }: RecentProfilesProps) {
  if (profiles.length < 2) return null;
  return (
    <nav className={styles.recent} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.recentTitle}>
        Seen on this device
      </h2>
      <ul role="list" className={styles.recentList}>
        {profiles.map((profile) => (
          <li key={profile.twitter}>
            <button
              type="button"
              className={styles.recentButton}
              aria-pressed={profile.twitter === current}
              onClick={() => onShow(profile.twitter)}
            >
              {profile.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
