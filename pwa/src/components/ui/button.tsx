import { useRef, useState, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { LoaderCircle } from 'lucide-react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface LookProps {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** Stretch to the width of the container. */
  readonly block?: boolean;
  /** An icon before the label (a lucide icon element). */
  readonly icon?: ReactNode;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: LookProps, extra?: string) {
  return [
    styles.button,
    variant !== 'primary' && styles[variant],
    size !== 'md' && styles[size],
    block && styles.block,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends LookProps, Omit<ComponentPropsWithRef<'button'>, 'onClick'> {
  /** Work is under way: the button shows progress and ignores presses. */
  readonly busy?: boolean;
  /** If it returns a promise, the button stays busy until the promise settles. */
  readonly onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
}

/**
 * A button that cannot be pressed twice: while its work runs (a `busy` prop or a pending promise
 * from onClick) it shows a spinner, says so to assistive technology and ignores further presses.
 */
export function Button({
  variant,
  size,
  block,
  icon,
  busy = false,
  disabled = false,
  onClick,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const [pending, setPending] = useState(false);
  // A ref, not state: a second click can arrive before React has re-rendered.
  const running = useRef(false);
  const isBusy = busy || pending;
  const inactive = isBusy || disabled;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inactive || running.current) {
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (!(result instanceof Promise)) return;
    running.current = true;
    setPending(true);
    void result.finally(() => {
      running.current = false;
      setPending(false);
    });
  };

  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      aria-disabled={inactive || undefined}
      aria-busy={isBusy || undefined}
      onClick={handleClick}
    >
      {isBusy ? <LoaderCircle className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LookProps, LinkProps {}

/** A link inside the app that looks like a button. */
export function ButtonLink({ variant, size, block, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={buttonClass({ variant, size, block }, className)}>
      {icon}
      {children}
    </Link>
  );
}
