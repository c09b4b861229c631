import { msg } from '../../i18n/i18n.ts';
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
  /** The message id of the step's text. */
  content: string;
}

/**
 * The eight steps of spec §4, in order. The sidebar entries carry their data-tour names in
 * app-layout.tsx; 'certification-quizzes' is the progress card of this page and 'upgrade' the
 * upgrade link in the header.
 */
export const TOUR_STEPS: readonly TourStep[] = [
  { target: 'sidebar', content: msg('dashboard.tour.sidebar') },
  { target: 'dashboard-link', content: msg('dashboard.tour.dashboardLink') },
  { target: 'certification-quizzes', content: msg('dashboard.tour.certificationQuizzes') },
  { target: 'earned-certifications', content: msg('dashboard.tour.earnedCertifications') },
  { target: 'practice-quizzes', content: msg('dashboard.tour.practiceQuizzes') },
  { target: 'scoreboard', content: msg('dashboard.tour.scoreboard') },
  { target: 'subscription', content: msg('dashboard.tour.subscription') },
  { target: 'upgrade', content: msg('dashboard.tour.upgrade') },
];
