import { useLayoutEffect } from 'react';

export const APP_NAME = 'QuizQuest';

/**
 * Sets the tab title to '{page} | QuizQuest' while the page is shown. A layout effect: the title
 * changes in the same commit as the page, also when a lazy page's commit defers passive effects.
 */
export function useDocumentTitle(page: string): void {
  useLayoutEffect(() => {
    document.title = page ? `${page} | ${APP_NAME}` : APP_NAME;
  }, [page]);
}
