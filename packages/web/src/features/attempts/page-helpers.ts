import type { SubLevel } from '@quizquest/shared';
import { currentLanguage } from '../../i18n/i18n.ts';

/** Back to the top of the page (the router keeps the scroll position between pages). */
export function scrollToTop(): void {
  const root = document.scrollingElement ?? document.documentElement;
  root.scrollTop = 0;
}

/** A catalogue sub-level's name in the language shown (its Hindi name when it has one). */
export function subLevelName(subLevel: Pick<SubLevel, 'name' | 'hindiName'>): string {
  return currentLanguage() === 'hi' ? (subLevel.hindiName ?? subLevel.name) : subLevel.name;
}
