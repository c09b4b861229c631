import { describe, expect, it } from 'vitest';
import { avatarSize } from './avatar-image.ts';

describe('avatarSize', () => {
  it.each([
    [[800, 600], { width: 200, height: 150 }],
    [[600, 800], { width: 150, height: 200 }],
    [[4000, 100], { width: 200, height: 5 }],
    [[200, 200], { width: 200, height: 200 }],
    [[120, 80], { width: 120, height: 80 }],
    [[5000, 1], { width: 200, height: 1 }],
  ])('fits %j with its longest side at most 200 px, never enlarging', ([width, height], expected) => {
    expect(avatarSize(width ?? 0, height ?? 0)).toEqual(expected);
  });
});
