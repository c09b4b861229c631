import { act } from '@testing-library/react';
import hindi from 'virtual:quizquest-messages/hi';
import { i18n } from '../i18n/i18n.ts';

/** Shows the app in Hindi from now on in this test (setup.ts goes back to English after it). */
export function showInHindi(): void {
  act(() => {
    i18n.load('hi', hindi);
    i18n.activate('hi');
  });
}
