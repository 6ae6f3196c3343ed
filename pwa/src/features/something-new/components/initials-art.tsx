import { useId } from 'react';
import { initialsArt } from '#core/something-new/initials';

/** A profile's picture drawn from its name: its initials on the name's own two colours. */
export function InitialsArt({ name, className }: { readonly name: string; readonly className?: string }) {
  const art = initialsArt(name);
  const gradient = `initials-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={art.from} />
          <stop offset="1" stopColor={art.to} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${gradient})`} />
      <text x="50" y="50" dy="0.35em" textAnchor="middle" fill={art.ink} fontSize="38" fontWeight="700" fontFamily="system-ui, sans-serif">
        {art.initials}
      </text>
    </svg>
  );
}
