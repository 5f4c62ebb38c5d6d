/**
 * How a deprecation is declared, in the GraphQL `@deprecated` reason itself, so GraphQL clients
 * read the dates too: advice, then `Deprecated: YYYY-MM-DD.` (the day it took effect), optionally
 * ` Sunset: YYYY-MM-DD.` (the first day it may be gone). The REST facade turns the dates into
 * `Deprecation` and `Sunset` headers; the API's compatibility test refuses a reason in any other
 * form (docs/api-conventions.md, "Compatibility and deprecation").
 */
export interface Deprecation {
  /** The whole `@deprecated` reason. */
  reason: string;
  /** Midnight UTC of the day the deprecation took effect (`Deprecation: @<seconds>`, RFC 9745). */
  deprecatedAt: Date;
  /** Midnight UTC of the first day the field may be removed (`Sunset`, RFC 8594); unknown until announced. */
  sunsetAt: Date | undefined;
}

/** The /v1 promise: a deprecated operation or field stays at least this long before its sunset. */
export const MINIMUM_DEPRECATION_DAYS = 180;

const DAY_MS = 86_400_000;
const DATES = /(?:^|\s)Deprecated: (\d{4}-\d{2}-\d{2})\.(?: Sunset: (\d{4}-\d{2}-\d{2})\.)?$/;

/** Reads the dates of a `@deprecated` reason of `coordinate`; a reason in another form is a declaration error. */
export function parseDeprecation(reason: string, coordinate: string): Deprecation {
  const dates = DATES.exec(reason);
  // A date anywhere else (`Sunset: …` before `Deprecated: …`) would be read as advice and never announced.
  if (!dates || /\b(Deprecated|Sunset):/.test(reason.slice(0, dates.index))) throw new Error(`the deprecation of ${coordinate} must end with "Deprecated: YYYY-MM-DD." and optionally " Sunset: YYYY-MM-DD.", not "${reason}"`);
  const deprecatedAt = utcDay(dates[1] as string, coordinate);
  const sunsetAt = dates[2] === undefined ? undefined : utcDay(dates[2], coordinate);
  if (sunsetAt && sunsetAt.getTime() - deprecatedAt.getTime() < MINIMUM_DEPRECATION_DAYS * DAY_MS) {
    throw new Error(`the sunset of ${coordinate} (${dates[2]}) is less than ${MINIMUM_DEPRECATION_DAYS} days after its deprecation (${dates[1]})`);
  }
  return { reason, deprecatedAt, sunsetAt };
}

function utcDay(text: string, coordinate: string): Date {
  const day = new Date(`${text}T00:00:00.000Z`);
  // `Date` rolls 2027-02-30 over to March: only a calendar day reads back as itself.
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) throw new Error(`the deprecation of ${coordinate} names ${text}, which is not a calendar day`);
  return day;
}

/** The response headers of a deprecated operation: `Deprecation` (RFC 9745) and, once known, `Sunset` (RFC 8594). */
export function deprecationHeaders(deprecation: Deprecation): Record<string, string> {
  return {
    deprecation: `@${deprecation.deprecatedAt.getTime() / 1000}`,
    ...(deprecation.sunsetAt && { sunset: deprecation.sunsetAt.toUTCString() }),
  };
}
