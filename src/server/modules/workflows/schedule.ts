import * as rruleModule from 'rrule';

// rrule ships CommonJS to Node (its named exports live on the default export) and ESM to bundlers.
type RRuleModule = typeof rruleModule;
const loaded = rruleModule as RRuleModule & { default?: RRuleModule };
const RRule = (loaded.default?.RRule ?? loaded.RRule) as RRuleModule['RRule'];
type RRule = InstanceType<RRuleModule['RRule']>;

/**
 * Schedules (docs/workflow-runs.md): an RRULE repeating from a wall-clock start in the organization's
 * time zone. The rule is expanded in "floating" wall-clock time (rrule's UTC fields standing for local
 * time), then each wall-clock time is turned into the instant it is in that zone. So "every Monday at
 * 09:00" stays at 09:00 local across a daylight-saving change; a time the change skips (02:30 on the
 * spring-forward night) moves forward by the gap, as calendars do.
 */

/** How far ahead of UTC the zone is at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time (given as a Date whose UTC fields are the local time) is in `timeZone`. */
export function wallTimeToInstant(wall: Date, timeZone: string): Date {
  const guess = wall.getTime();
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  const second = guess - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** An instant as wall-clock time in `timeZone` (UTC fields = local time). */
export function instantToWallTime(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function ruleFor(rrule: string, start: string): RRule {
  const [date, time] = start.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const options = RRule.parseString(rrule.replace(/^RRULE:/, ''));
  return new RRule({ ...options, dtstart: new Date(Date.UTC(year, month - 1, day, hour, minute)), tzid: null });
}

/** Throws with a person's words when the rule does not parse. */
export function checkSchedule(rrule: string, start: string): void {
  try {
    ruleFor(rrule, start).after(new Date(0), true);
  } catch (error) {
    throw new Error(`Not a recurrence rule: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Occurrences in [from, to] as instants, at most `limit`. */
export function occurrencesBetween(
  schedule: { rrule: string; start: string },
  timeZone: string,
  from: Date,
  to: Date,
  limit = 500,
): Date[] {
  const rule = ruleFor(schedule.rrule, schedule.start);
  // Widen by a day each side in wall time, then filter by instant: offsets are at most ±14 hours.
  const wallFrom = new Date(instantToWallTime(from, timeZone).getTime() - 86_400_000);
  const wallTo = new Date(instantToWallTime(to, timeZone).getTime() + 86_400_000);
  const out: Date[] = [];
  rule.between(wallFrom, wallTo, true, (wall) => {
    const instant = wallTimeToInstant(wall, timeZone);
    if (instant >= from && instant <= to) out.push(instant);
    return out.length < limit;
  });
  return out;
}

/** The first occurrence strictly after `after`, or null when the rule has ended. */
export function nextOccurrence(schedule: { rrule: string; start: string }, timeZone: string, after: Date): Date | null {
  const rule = ruleFor(schedule.rrule, schedule.start);
  let wall = rule.after(new Date(instantToWallTime(after, timeZone).getTime() - 86_400_000), false);
  for (let guard = 0; wall && guard < 1000; guard += 1) {
    const instant = wallTimeToInstant(wall, timeZone);
    if (instant > after) return instant;
    wall = rule.after(wall, false);
  }
  return null;
}
