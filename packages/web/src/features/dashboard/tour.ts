import { readItem, writeItem } from '../../lib/storage.ts';

/** Spec §4: stored as 'true' once the tour is finished or skipped; the tour never shows again. */
export const TOUR_COMPLETED_KEY = 'dashboardTourCompleted';

export function tourCompleted(): boolean {
  return readItem(TOUR_COMPLETED_KEY) !== null;
}

export function markTourCompleted(): void {
  writeItem(TOUR_COMPLETED_KEY, 'true');
}

export interface TourStep {
  /** The data-tour name of the element the step points at. */
  target: string;
  content: string;
}

/**
 * The eight steps of spec §4, in order. The sidebar entries carry their data-tour names in
 * app-layout.tsx; 'certification-quizzes' is the progress card of this page and 'upgrade' the
 * upgrade link in the header.
 */
export const TOUR_STEPS: readonly TourStep[] = [
  { target: 'sidebar', content: 'This is your main navigation. Use it to move between different pages.' },
  {
    target: 'dashboard-link',
    content: 'Certification Quizzes brings you back to this dashboard from any page.',
  },
  {
    target: 'certification-quizzes',
    content:
      'Climb your level here: open the next certification quiz, answer every question right and earn its certificate.',
  },
  {
    target: 'earned-certifications',
    content: 'See every certification you have earned and download your level certificates.',
  },
  { target: 'practice-quizzes', content: 'Practise with quizzes for your grade, subject by subject.' },
  { target: 'scoreboard', content: 'Check historical scores for each quiz attempted till date.' },
  { target: 'subscription', content: 'Manage your profile and upgrade your subscription plan.' },
  { target: 'upgrade', content: 'If you reach the quiz limit, click here to upgrade your plan.' },
];
