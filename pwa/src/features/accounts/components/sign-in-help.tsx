import { contactMailto } from '../../../lib/contact';
import styles from './sign-in.module.css';

export function SignInHelp() {
  return (
    <p className={styles.help}>
      <a href={contactMailto('Issues signing in')}>Issues signing in?</a>
    </p>
  );
}
