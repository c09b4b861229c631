import { msg } from '../i18n/i18n.ts';
import type { Translate } from '../i18n/use-text.ts';

/** The six categories of the content pack, by their stored name in lower case (issue 18). */
const CATEGORY_LABELS: Record<string, string> = {
  maths: msg('common.category.maths'),
  english: msg('common.category.english'),
  science: msg('common.category.science'),
  'general knowledge': msg('common.category.generalKnowledge'),
  'logical reasoning': msg('common.category.logicalReasoning'),
  computers: msg('common.category.computers'),
};

/**
 * A category's name as a label in the language shown ('Maths', 'गणित'). Categories are data: one
 * an admin added keeps the name it was given. Values sent back to the server stay the stored name.
 */
export function categoryLabel(category: string, t: Translate): string {
  const id = CATEGORY_LABELS[category.trim().toLowerCase()];
  return id ? t(id) : category;
}
