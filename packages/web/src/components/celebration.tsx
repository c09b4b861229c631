import { lazy, Suspense } from 'react';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion.ts';

/** The moving confetti is fetched only when a celebration is shown: most pages never need it. */
const ConfettiBurst = lazy(() => import('./confetti-burst.tsx'));

const COLOURS = ['#dc2626', '#db2777', '#7c3aed', '#2563eb', '#0891b2', '#059669', '#ca8a04', '#ea580c'];

interface Piece {
  shape: 'circle' | 'square' | 'strip';
  x: number;
  y: number;
  size: number;
  angle: number;
  colour: string;
}

/** The same scattered pieces on every visit (a fixed seed), so the picture never flickers. */
function stillPieces(count: number): Piece[] {
  let seed = 20261124;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const shapes = ['circle', 'square', 'strip'] as const;
  // One piece per slot across the width, jittered inside it: scattered, yet with no bare stretch.
  const slot = 704 / count;
  return Array.from({ length: count }, (_, index) => ({
    shape: shapes[index % 3] ?? 'square',
    x: 8 + (index + next()) * slot,
    y: 12 + next() * 48,
    size: 6 + next() * 8,
    angle: Math.round(next() * 180),
    colour: COLOURS[index % COLOURS.length] ?? '#2563eb',
  }));
}

const PIECES = stillPieces(96);

/**
 * A celebration that does not move: a band of confetti drawn once, in the page's flow, for a
 * learner whose system asks for less motion (WCAG 2.3.3).
 */
export function StillCelebration() {
  return (
    <svg
      className="still-celebration"
      data-testid="still-celebration"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 720 72"
      preserveAspectRatio="xMidYMid slice"
    >
      {PIECES.map((piece, index) => {
        const transform = `rotate(${piece.angle} ${piece.x} ${piece.y})`;
        if (piece.shape === 'circle') {
          return <circle key={index} cx={piece.x} cy={piece.y} r={piece.size / 2} fill={piece.colour} />;
        }
        const width = piece.shape === 'strip' ? piece.size / 3 : piece.size;
        return (
          <rect
            key={index}
            x={piece.x - width / 2}
            y={piece.y - piece.size / 2}
            width={width}
            height={piece.size}
            fill={piece.colour}
            transform={transform}
          />
        );
      })}
    </svg>
  );
}

/**
 * Spec §2 and §4: confetti at a perfect score and on a completed level (400 pieces, one burst,
 * no recycling); with reduced motion asked for, the still band instead.
 */
export function Celebration() {
  const reducedMotion = usePrefersReducedMotion();
  if (reducedMotion) return <StillCelebration />;
  return (
    <Suspense fallback={null}>
      <ConfettiBurst />
    </Suspense>
  );
}
