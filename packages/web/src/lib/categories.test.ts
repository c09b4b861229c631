import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n.ts';
import { showInHindi } from '../test/language.ts';
import { categoryLabel } from './categories.ts';

const SIX = ['Maths', 'English', 'Science', 'General Knowledge', 'Logical Reasoning', 'Computers'];

describe('categoryLabel', () => {
  it('keeps the six categories’ English names', () => {
    expect(SIX.map((category) => categoryLabel(category, translate))).toEqual(SIX);
  });

  it('names the six categories in Hindi, whatever the case and spaces stored', () => {
    showInHindi();
    expect(SIX.map((category) => categoryLabel(category, translate))).toEqual([
      'गणित',
      'अंग्रेज़ी',
      'विज्ञान',
      'सामान्य ज्ञान',
      'तार्किक सोच',
      'कंप्यूटर',
    ]);
    expect(categoryLabel(' general knowledge ', translate)).toBe('सामान्य ज्ञान');
  });

  it('shows a category an admin added as it was named', () => {
    showInHindi();
    expect(categoryLabel('Social Studies', translate)).toBe('Social Studies');
  });
});
