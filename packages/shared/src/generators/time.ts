import { choose } from './choices.ts';
import { formatClock, formatClock24, formatClockWithHalf, formatDuration, MINUS } from './format.ts';
import { classOf, gradesFrom } from './grades.ts';
import type { MathsGenerator } from './types.ts';

const HOUR = 60;

/** "p.m." ends a sentence with its own stop: no "p.m..". */
const tidy = (text: string) => text.replaceAll('m..', 'm.');
const HALF_DAY = 12 * HOUR;

/** "2 hours 20 minutes" after (or before) a clock time, worked in two steps: hours, then minutes. */
function clockSteps(start: number, minutes: number): string {
  const later = minutes > 0;
  const hours = Math.floor(Math.abs(minutes) / HOUR);
  const rest = Math.abs(minutes) % HOUR;
  const steps: string[] = [];
  let at = start;
  if (hours > 0) {
    const next = at + (later ? 1 : -1) * hours * HOUR;
    steps.push(
      `${formatDuration(hours * HOUR)} ${later ? 'after' : 'before'} ${formatClock(at)} is ${formatClock(next)}.`,
    );
    at = next;
  }
  if (rest > 0) {
    const minute = ((at % HOUR) + HOUR) % HOUR;
    const toHour = later ? HOUR - minute : minute;
    if (rest > toHour && toHour > 0) {
      const onHour = at + (later ? toHour : -toHour);
      steps.push(
        `${later ? 'From' : 'Going back from'} ${formatClock(at)}, ${formatDuration(toHour)} ${later ? 'takes you to' : 'is'} ${formatClock(onHour)}, and ${formatDuration(rest - toHour)} more ${later ? 'makes' : 'takes you back to'} ${formatClock(onHour + (later ? 1 : -1) * (rest - toHour))}.`,
      );
    } else {
      steps.push(
        `${formatDuration(rest)} ${later ? 'after' : 'before'} ${formatClock(at)} is ${formatClock(at + (later ? rest : -rest))}.`,
      );
    }
  }
  return steps.join(' ');
}

export const timeReadClock: MathsGenerator = {
  id: 'time-read-clock',
  topic: 'time',
  grades: gradesFrom('c-2', 'c-5'),
  generate(rng, grade) {
    const level = classOf(grade);
    const hour = rng.int(1, 12);
    const minute = level === 2 ? rng.pick([0, 30]) : level === 3 ? rng.int(0, 11) * 5 : rng.int(0, 59);
    const start = (hour % 12) * HOUR + minute;
    let minutes: number;
    if (level === 2) minutes = rng.pick([30, 60, 120, 180]);
    else if (level === 3) minutes = rng.pick([15, 30, 45, 60, 90, 120]);
    else minutes = rng.int(2, 30) * 5 * (level === 5 && rng.chance(0.4) ? -1 : 1);
    const end = start + minutes;
    const amount = formatDuration(Math.abs(minutes));
    const questionText =
      minutes > 0
        ? `The clock shows ${formatClock(start)}. What time will it be in ${amount}?`
        : `The clock shows ${formatClock(start)}. What time was it ${amount} ago?`;
    return {
      questionText,
      ...choose<number>(rng, {
        answer: end,
        // The hour not moved on (or moved twice), going the wrong way, a slip of ten minutes.
        mistakes: [
          end - Math.sign(minutes) * HOUR,
          start - minutes,
          end + Math.sign(minutes) * HOUR,
          end + 10,
          end - 10,
        ],
        near: (step) => end + (step % 2 ? 5 : -5) * Math.ceil(step / 2),
        format: formatClock,
      }),
      explanation: `${clockSteps(start, minutes)} So the answer is ${formatClock(end)}.`,
      data: { kind: 'clock-add', start, minutes },
    };
  },
};

const EVENTS = [
  { what: 'A film', starts: 'starts at', ends: 'ends at', ask: 'How long is the film?' },
  { what: 'A cricket match', starts: 'starts at', ends: 'ends at', ask: 'How long does the match last?' },
  { what: 'A train', starts: 'leaves at', ends: 'arrives at', ask: 'How long is the journey?' },
  { what: 'A school picnic', starts: 'starts at', ends: 'ends at', ask: 'How long is the picnic?' },
  { what: 'A bus', starts: 'leaves at', ends: 'arrives at', ask: 'How long is the journey?' },
] as const;

function durationSteps(start: number, end: number): string {
  const show = formatClockWithHalf;
  if (Math.floor(start / HOUR) === Math.floor(end / HOUR)) {
    return `From ${show(start)} to ${show(end)} is ${end % HOUR} ${MINUS} ${start % HOUR} = ${end - start} minutes.`;
  }
  const steps: string[] = [];
  let at = start;
  if (at % HOUR) {
    const next = at + HOUR - (at % HOUR);
    steps.push(`From ${show(at)} to ${show(next)} is ${formatDuration(next - at)}.`);
    at = next;
  }
  const wholeHours = Math.floor((end - at) / HOUR) * HOUR;
  if (wholeHours) {
    steps.push(
      steps.length
        ? `To ${show(at + wholeHours)} is ${formatDuration(wholeHours)} more.`
        : `From ${show(at)} to ${show(at + wholeHours)} is ${formatDuration(wholeHours)}.`,
    );
    at += wholeHours;
  }
  if (end > at) steps.push(`Then ${formatDuration(end - at)} to ${show(end)}.`);
  return steps.join(' ');
}

export const timeDuration: MathsGenerator = {
  id: 'time-duration',
  topic: 'time',
  grades: gradesFrom('c-3', 'c-7'),
  generate(rng, grade) {
    const level = classOf(grade);
    const step = level === 3 ? 15 : 5;
    const crossNoon = level >= 6 && rng.chance(0.4);
    let start: number;
    let end: number;
    do {
      // Morning or afternoon (7 a.m. to 10 p.m.); across 12 noon only from Class 6.
      start = crossNoon
        ? rng.int(8 * 12, 11 * 12) * 5
        : (rng.chance(0.5) ? 7 * HOUR : 13 * HOUR) + rng.int(0, 4 * 12) * 5;
      start -= start % step;
      end = start + rng.int(Math.ceil(20 / step), Math.floor(210 / step)) * step;
    } while (
      end > 22 * HOUR ||
      (!crossNoon && Math.floor(start / HALF_DAY) !== Math.floor(end / HALF_DAY)) ||
      (crossNoon && end <= HALF_DAY)
    );
    const event = rng.pick(EVENTS);
    const length = end - start;
    const [startHour, startMinute, endHour, endMinute] = [
      Math.floor(start / HOUR) % 12 || 12,
      start % HOUR,
      Math.floor(end / HOUR) % 12 || 12,
      end % HOUR,
    ];
    return {
      questionText: tidy(
        `${event.what} ${event.starts} ${formatClockWithHalf(start)} and ${event.ends} ${formatClockWithHalf(end)}. ${event.ask}`,
      ),
      ...choose<number>(rng, {
        answer: length,
        mistakes: [
          // Hours and minutes taken apart, smaller from larger (across noon too); the hour not borrowed.
          Math.abs(endHour - startHour) * HOUR + Math.abs(endMinute - startMinute),
          length + HOUR,
          length - HOUR,
          length + 10,
          length - 10,
        ],
        near: (n) => length + (n % 2 ? 5 : -5) * Math.ceil(n / 2),
        format: formatDuration,
        valid: (minutes) => minutes > 0,
      }),
      explanation: tidy(
        Math.floor(start / HOUR) === Math.floor(end / HOUR)
          ? durationSteps(start, end)
          : `${durationSteps(start, end)} Altogether: ${formatDuration(length)}.`,
      ),
      data: { kind: 'duration', start, end },
    };
  },
};

export const time24Hour: MathsGenerator = {
  id: 'time-24-hour',
  topic: 'time',
  grades: gradesFrom('c-4', 'c-6'),
  generate(rng) {
    const minutes = rng.int(0, 24 * 12 - 1) * 5;
    const to = rng.pick(['24-hour', '12-hour'] as const);
    const hour = Math.floor(minutes / HOUR);
    const [twelve, twentyFour] = [formatClockWithHalf(minutes), formatClock24(minutes)];
    let rule: string;
    if (minutes === 0) rule = 'The day starts at 12 midnight, which is 00:00 on the 24-hour clock.';
    else if (minutes === 12 * HOUR) rule = '12 noon is 12:00 on the 24-hour clock.';
    else if (hour === 0)
      rule = 'In the hour after midnight the 24-hour clock shows 00 and the 12-hour clock 12 a.m.';
    else if (hour < 12) rule = 'Before 12 noon the hour stays the same, and it is a.m.';
    else if (hour === 12) rule = 'In the hour after 12 noon both clocks show 12, and it is p.m.';
    else if (to === '24-hour') rule = `From 1 p.m., add 12 to the hour: ${hour - 12} + 12 = ${hour}.`;
    else rule = `From 13:00 on, take 12 from the hour: ${hour} ${MINUS} 12 = ${hour - 12}, and it is p.m.`;
    const format = to === '24-hour' ? formatClock24 : formatClockWithHalf;
    return {
      questionText:
        to === '24-hour'
          ? `What is ${twelve} on the 24-hour clock?`
          : `What is ${twentyFour} on the 12-hour clock?`,
      ...choose<number>(rng, {
        answer: minutes,
        // a.m. and p.m. mixed up, 10 added or taken instead of 12, an hour out.
        mistakes: [
          minutes + HALF_DAY,
          minutes - 2 * HOUR,
          minutes + 2 * HOUR,
          minutes + HOUR,
          minutes - HOUR,
        ],
        near: (n) => minutes + (n % 2 ? 5 : -5) * Math.ceil(n / 2),
        format,
      }),
      explanation: tidy(
        `${rule} So ${to === '24-hour' ? `${twelve} is ${twentyFour}` : `${twentyFour} is ${twelve}`}.`,
      ),
      data: { kind: 'clock-24', minutes, to },
    };
  },
};
