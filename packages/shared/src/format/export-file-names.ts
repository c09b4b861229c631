/** The names of the family accounts' data downloads (decision 035), beside the learner's own (`dataExportFileName`). */

/** The whole family's file: `quizquest-family-data-2026-11-24.json`. */
export function familyExportFileName(day: string): string {
  return `quizquest-family-data-${day}.json`;
}

/**
 * One child's file, named after the child so a parent can tell the files apart:
 * `quizquest-data-2026-11-24-kabir.json` (letters and digits of the Latin alphabet only, for
 * every browser's download bar; a name written in another script falls back to `child`).
 */
export function childExportFileName(day: string, firstName: string): string {
  const slug =
    firstName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 30) || 'child';
  return `quizquest-data-${day}-${slug}.json`;
}
