import { useState } from 'react';
import Confetti from 'react-confetti';
import { CONFETTI_PIECES } from '@quizquest/shared';

/** The level-complete celebration: one burst that falls away, then the canvas is removed. */
export function LevelConfetti() {
  const [done, setDone] = useState(false);
  if (done) return null;
  return (
    <Confetti
      className="level-confetti"
      aria-hidden="true"
      width={window.innerWidth}
      height={window.innerHeight}
      numberOfPieces={CONFETTI_PIECES}
      recycle={false}
      onConfettiComplete={() => setDone(true)}
      // Over the whole window, above the page; the library keeps it click-through.
      style={{ position: 'fixed', zIndex: 30 }}
    />
  );
}
