/**
 * toolgate's own checkers for `date-time`, `time` and `duration` (Validation §7.3.1: RFC 3339 section 5.6
 * and Appendix A). ajv-formats accepts some of the suite's invalid values (and, for `time`, hours past 23,
 * offsets past +23:59 or without a colon), so these are exact.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})[Tt]/;
// RFC 3339 5.6 full-time: partial-time time-offset, where time-numoffset is ("+" / "-") time-hour ":" time-minute.
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A valid `full-time`: its second, and its hour and minute in UTC as minutes from the local midnight. */
interface FullTime {
  readonly second: number;
  /** Local minutes minus the offset: -1439 to 2878, so a negative value falls on the day before. */
  readonly utcMinutes: number;
}

function readTime(s: string): FullTime | undefined {
  const m = TIME.exec(s);
  if (m === null) return undefined;
  const [hour, minute, second] = m.slice(1, 4).map(Number) as [number, number, number];
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  let offset = 0;
  if (m[4] !== undefined) {
    const oh = Number(m[5]);
    const om = Number(m[6]);
    if (oh > 23 || om > 59) return undefined;
    offset = (m[4] === '+' ? 1 : -1) * (oh * 60 + om);
  }
  const utcMinutes = hour * 60 + minute - offset;
  if (second === 60 && ((utcMinutes % 1440) + 1440) % 1440 !== 23 * 60 + 59) return undefined;
  return { second, utcMinutes };
}

/** RFC 3339 `full-time`: hour 00-23, minute 00-59, second 00-60 with 60 only where it falls at 23:59:60 UTC. */
export function isTime(s: string): boolean {
  return readTime(s) !== undefined;
}

/**
 * RFC 3339 `date-time`: a valid full-date, `T` (either case), then a valid full-time; a leap second only on
 * the last day of a month in UTC (whether one was inserted that month is not checked: see §5.7).
 */
export function isDateTime(s: string): boolean {
  const m = DATE.exec(s);
  if (m === null) return false;
  const [year, month, day] = m.slice(1, 4).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  const time = readTime(s.slice(m[0].length));
  if (time === undefined) return false;
  if (time.second !== 60) return true;
  // RFC 3339 §5.7: "60" only at the end of a month, at 23:59:60 UTC (the offset shifts the point, possibly
  // to the day before or after the local date).
  const shift = Math.floor(time.utcMinutes / 1440);
  return shift < 0 ? day === 1 : day + shift === daysIn(year, month);
}

// RFC 3339 Appendix A: dur-date / dur-time / dur-week; at least one element; T needs a time element.
const DUR_TIME = String.raw`T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)`;
const DUR_DATE = String.raw`(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:${DUR_TIME})?`;
const DURATION = new RegExp(`^P(?:${DUR_DATE}|${DUR_TIME}|\\d+W)$`);

/** RFC 3339 Appendix A `duration`. */
export function isDuration(s: string): boolean {
  return DURATION.test(s);
}
