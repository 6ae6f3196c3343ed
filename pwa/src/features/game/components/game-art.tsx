import type { EnemyKind } from '#core/game/rules';

/**
 * The game's characters, drawn here as SVG: the player's blob, the boss and the two critters.
 * Decorative: the names and numbers beside them say everything the drawings show.
 */

function Eyes({ x, y, gap, size, angry = false }: { x: number; y: number; gap: number; size: number; angry?: boolean }) {
  return (
    <g>
      <circle cx={x - gap} cy={y} r={size} fill="#fff" />
      <circle cx={x + gap} cy={y} r={size} fill="#fff" />
      <circle cx={x - gap + size * 0.25} cy={y + size * 0.15} r={size * 0.5} fill="#121722" />
      <circle cx={x + gap + size * 0.25} cy={y + size * 0.15} r={size * 0.5} fill="#121722" />
      {angry && (
        <g stroke="#121722" strokeWidth={size * 0.45} strokeLinecap="round">
          <line x1={x - gap - size} y1={y - size * 1.5} x2={x - gap + size} y2={y - size * 0.9} />
          <line x1={x + gap + size} y1={y - size * 1.5} x2={x + gap - size} y2={y - size * 0.9} />
        </g>
      )}
    </g>
  );
}

export function PlayerBlob({ className }: { readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <ellipse cx="60" cy="108" rx="38" ry="6" fill="currentColor" opacity="0.12" />
      <path d="M60 18c26 0 44 22 44 50 0 26-18 38-44 38S16 94 16 68c0-28 18-50 44-50z" fill="#4f8df7" />
      <path d="M38 36c6-8 14-11 22-11" stroke="#fff" strokeWidth="5" strokeLinecap="round" fill="none" opacity="0.6" />
      <Eyes x={60} y={62} gap={14} size={8} />
      <path d="M50 84q10 8 20 0" stroke="#121722" strokeWidth="4" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function Boss({ className }: { readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 140 140" aria-hidden="true" focusable="false">
      <ellipse cx="70" cy="130" rx="50" ry="7" fill="currentColor" opacity="0.12" />
      <path d="M38 34l8-24 12 18 12-20 12 20 12-18 8 24z" fill="#f2b632" stroke="#a8740c" strokeWidth="3" strokeLinejoin="round" />
      <path d="M70 28c34 0 58 26 58 60 0 30-24 40-58 40s-58-10-58-40c0-34 24-60 58-60z" fill="#7b4fd6" />
      <Eyes x={70} y={74} gap={20} size={10} angry />
      <path d="M46 104l8-8 8 8 8-8 8 8 8-8 8 8" stroke="#fff" strokeWidth="4" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

function AttackCritter({ className }: { readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <ellipse cx="50" cy="92" rx="28" ry="5" fill="currentColor" opacity="0.12" />
      <path d="M20 44l-8-14 16 4 6-16 10 12 6-14 6 14 10-12 6 16 16-4-8 14" fill="#e0533d" />
      <path d="M50 30c22 0 34 18 34 36 0 16-14 24-34 24S16 82 16 66c0-18 12-36 34-36z" fill="#e86a4f" />
      <Eyes x={50} y={60} gap={11} size={6} angry />
      <path d="M42 78h16" stroke="#121722" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

function DefenceCritter({ className }: { readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <ellipse cx="50" cy="92" rx="30" ry="5" fill="currentColor" opacity="0.12" />
      <path d="M50 26c24 0 36 20 36 40 0 16-14 24-36 24S14 82 14 66c0-20 12-40 36-40z" fill="#3fa66a" />
      <path d="M24 56c8-18 44-18 52 0" stroke="#2a7a4c" strokeWidth="6" strokeLinecap="round" fill="none" />
      <path d="M30 44l8 10M50 36v14M70 44l-8 10" stroke="#2a7a4c" strokeWidth="4" strokeLinecap="round" />
      <Eyes x={50} y={68} gap={11} size={6} />
      <path d="M44 82q6 4 12 0" stroke="#121722" strokeWidth="3.5" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function EnemyArt({ kind, className }: { readonly kind: EnemyKind; readonly className?: string }) {
  if (kind === 'boss') return <Boss className={className} />;
  return kind === 'attack' ? <AttackCritter className={className} /> : <DefenceCritter className={className} />;
}

/** The farm: a barn and a field, where the blob trains. */
export function FarmArt({ className }: { readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 140 100" aria-hidden="true" focusable="false">
      <rect x="0" y="70" width="140" height="30" rx="6" fill="#9bd17a" />
      <path d="M0 80h140M0 90h140" stroke="#7ab85a" strokeWidth="3" />
      <path d="M60 30l26-20 26 20v44H60z" fill="#d2553f" />
      <path d="M56 32l30-24 30 24" stroke="#8f3526" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      <rect x="76" y="48" width="20" height="26" fill="#fff4e5" />
      <path d="M76 48l20 26M96 48L76 74" stroke="#d2553f" strokeWidth="3" />
      <circle cx="28" cy="24" r="12" fill="#f2b632" />
    </svg>
  );
}
