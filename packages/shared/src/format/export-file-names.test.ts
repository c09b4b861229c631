import { describe, expect, it } from 'vitest';
import { childExportFileName, familyExportFileName } from '../format/export-file-names.ts';

describe('export file names', () => {
  it.each([
    ['Kabir', 'quizquest-data-2026-11-24-kabir.json'],
    ['Mary Ann', 'quizquest-data-2026-11-24-mary-ann.json'],
    ['Zoë', 'quizquest-data-2026-11-24-zoe.json'],
    ['अनन्या', 'quizquest-data-2026-11-24-child.json'],
    ['../../etc', 'quizquest-data-2026-11-24-etc.json'],
    ['"; x', 'quizquest-data-2026-11-24-x.json'],
  ])('%s → %s', (name, expected) => {
    expect(childExportFileName('2026-11-24', name)).toBe(expected);
  });

  it('names the family file', () => {
    expect(familyExportFileName('2026-11-24')).toBe('quizquest-family-data-2026-11-24.json');
  });
});
