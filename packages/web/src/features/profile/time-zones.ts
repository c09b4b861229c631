import { DEFAULT_TIME_ZONE } from '@quizquest/shared';

/**
 * The profile's time zone choices (decision 030): India's first, then every zone the browser knows,
 * and the learner's current zone when the browser does not list it (so the select never loses it).
 */
export function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const zones = [...new Set([DEFAULT_TIME_ZONE, current, ...known].filter((zone) => zone !== ''))];
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
