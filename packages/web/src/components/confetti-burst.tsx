import { useState } from 'react';
import Confetti from 'react-confetti';
import { CONFETTI_PIECES } from '@quizquest/shared';

/** All pieces are out within this time instead of the library's 5 s ease-in, which starts as a trickle. */
export const BURST_MS = 300;

const linear = (time: number, from: number, to: number, duration: number) =>
  from + ((to - from) * time) / duration;

/**
 * Spec §2 and §9: 400 pieces, no recycling, read as one burst. The library's defaults drop the
 * pieces in over 5 s from the top edge, half of them thrown upwards and off the screen (about 2
 * pieces in view after one second on a phone); here they all burst upwards from the middle of
 * the screen within 0.3 s and fall away over about 4 s (320 or more in view after one second on a
 * 360 x 740 screen). The canvas is removed once the last piece has fallen.
 */
export default function ConfettiBurst() {
  const [done, setDone] = useState(false);
  if (done) return null;
  const width = window.innerWidth;
  const height = window.innerHeight;
  return (
    <Confetti
      className="confetti"
      aria-hidden="true"
      width={width}
      height={height}
      numberOfPieces={CONFETTI_PIECES}
      recycle={false}
      tweenDuration={BURST_MS}
      tweenFunction={linear}
      confettiSource={{ x: width * 0.1, y: height * 0.35, w: width * 0.8, h: height * 0.15 }}
      initialVelocityX={{ min: -5, max: 5 }}
      initialVelocityY={{ min: -10, max: -2 }}
      gravity={0.09}
      friction={0.985}
      onConfettiComplete={() => setDone(true)}
    />
  );
}
