import { Link } from 'react-router-dom';
import { paths } from '#core/paths';
import { BrandMark } from './brand-mark';
import styles from './brand.module.css';

/** The product name and mark, linking home. */
export function Brand() {
  return (
    <Link to={paths.home.href()} className={styles.brand}>
      <BrandMark className={styles.mark} />
      Memento
    </Link>
  );
}
