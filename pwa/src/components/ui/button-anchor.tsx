import type { ComponentPropsWithRef } from 'react';
import { buttonClass, type LookProps } from './button';

export interface ButtonAnchorProps extends LookProps, ComponentPropsWithRef<'a'> {}

/**
 * A plain link that looks like a button: a download, or an address the app's router does not
 * serve. Its own module, so the pages without one do not load it with the app shell.
 */
export function ButtonAnchor({ variant, size, block, icon, className, children, ...rest }: ButtonAnchorProps) {
  return (
    <a {...rest} className={buttonClass({ variant, size, block }, className)}>
      {icon}
      {children}
    </a>
  );
}
