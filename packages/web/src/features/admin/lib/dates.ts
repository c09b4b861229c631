/**
 * The admin's date filters are days of the admin's own calendar: a day picked in a date input
 * ('2026-03-14') is sent as the instant its local midnight starts at, or as the last millisecond
 * of that local day for an end date, so a quiz made at 2 a.m. in India counts on the right day.
 */
export function localDayStart(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

export function localDayEnd(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const end = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

/** Today in the admin's calendar as YYYY-MM-DD (for file names). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
