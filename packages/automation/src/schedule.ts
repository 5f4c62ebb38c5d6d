import cronParser from 'cron-parser';

/** A schedule (a connector's syncs, a workflow's runs): a cron expression of five fields in an IANA time zone. */
export interface Schedule {
  cron: string;
  timeZone: string;
}

const FIELDS = 5;

/** Why a cron expression cannot be a schedule, or undefined when it can. */
export function cronProblem(cron: string): string | undefined {
  // Five fields only: a seconds field would let a tenant start a sync or a run every second.
  if (cron.trim().split(/\s+/).length !== FIELDS) return 'must have five fields: minute hour day-of-month month day-of-week (such as "0 */6 * * *")';
  try {
    cronParser.parseExpression(cron, { utc: true }).next();
    return undefined;
  } catch (error) {
    return `is not a cron expression: ${(error as Error).message}`;
  }
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The last time of the schedule at or before `atOrBefore` (what a schedule that fell behind is for). */
export function latestScheduledTime(schedule: Schedule, atOrBefore: Date): Date {
  return cronParser.parseExpression(schedule.cron, { currentDate: new Date(atOrBefore.getTime() + 1), tz: schedule.timeZone }).prev().toDate();
}

/** The first time of the schedule after `after` (wall-clock times of its time zone, daylight saving included). */
export function nextScheduledTime(schedule: Schedule, after: Date): Date {
  return cronParser.parseExpression(schedule.cron, { currentDate: after, tz: schedule.timeZone }).next().toDate();
}
