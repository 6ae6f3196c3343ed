const GRID = [0, 1, 2, 3];
const LIVED = 9;

interface BrandMarkProps {
  readonly className?: string;
}

/** The Memento mark: a few weeks of a life as dots, the current one as a ring. Decorative. */
export function BrandMark({ className }: BrandMarkProps) {
  return (
    <svg className={className} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#1f5bd6" />
      {GRID.flatMap((row) =>
        GRID.map((col) => {
          const index = row * 4 + col;
          const cx = 130 + col * 84;
          const cy = 130 + row * 84;
          if (index === LIVED) {
            return <circle key={index} cx={cx} cy={cy} r="23" fill="none" stroke="#fff" strokeWidth="10" />;
          }
          return <circle key={index} cx={cx} cy={cy} r="28" fill="#fff" fillOpacity={index < LIVED ? 1 : 0.32} />;
        }),
      )}
    </svg>
  );
}
