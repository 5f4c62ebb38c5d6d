import { createHash } from 'node:crypto';
import type { OutboundHttp } from '../http.ts';
import { type ConnectionCheck, type ReadOptions, type SourceConnector, SourceError, type SourcePage, type SourceRecord } from '../source.ts';
import { withoutTrailingSlashes } from '../url-paths.ts';
import { readText, statusFailure } from './answers.ts';
import { createAuthorizer, discardBody, sendAuthorized } from './auth.ts';
import { type RestCredentials, type RestSourceConfig, type RestStream, restSourceConfigSchema } from './config.ts';
import { isJsonObject, valueAtPath } from './dot-path.ts';
import { createPager } from './pagination.ts';

/** Pages one read may request when the configuration sets no max_pages. */
export const DEFAULT_MAX_PAGES = 100_000;

/**
 * A source reading a REST/JSON API as its configuration describes. The configuration and the
 * credentials are checked again here (a ZodError names the field at fault), as the connector
 * relies on what the schema guarantees.
 *
 * Reading:
 * - Every failure of the source is a SourceError; cancelling through `options.signal` ends the
 *   read with SourceError('cancelled', retryable false), checked before every request.
 * - With `incremental`, a read given a cursor asks only for records changed after it, and pages
 *   carry the greatest `updated_at` seen so far (ISO 8601, UTC) to resume after. With several
 *   streams, the pages of a stream that other streams follow carry the cursor the read started
 *   from, since resuming after their newest change would skip the older changes of the streams
 *   not yet read; the last page carries the greatest of all. A read resumed after a page half-way
 *   through a stream is exact when the stream's query sorts oldest change first. Without
 *   `incremental`, pages carry no cursor and a given cursor is ignored.
 * - Record times are ISO 8601 (UTC when they give no offset) or Unix seconds (numbers, or strings
 *   of digits); others are left out of `updated_at`.
 */
export function createRestSource(config: RestSourceConfig, credentials: RestCredentials, http: OutboundHttp): SourceConnector {
  const checked = restSourceConfigSchema.parse(config);
  const authorizer = createAuthorizer(checked.auth, credentials, http);
  const base = new URL(checked.base_url);
  const maxPages = checked.max_pages ?? DEFAULT_MAX_PAGES;
  const { incremental } = checked;

  function streamUrl(stream: RestStream, since: number | undefined): URL {
    const url = new URL(base);
    url.pathname = withoutTrailingSlashes(base.pathname) + stream.path;
    for (const [name, value] of Object.entries(stream.query ?? {})) url.searchParams.set(name, value);
    if (incremental && since !== undefined) {
      url.searchParams.set(incremental.since_param, incremental.format === 'unix_seconds' ? String(Math.floor(since / 1000)) : new Date(since).toISOString());
    }
    return url;
  }

  /** One page's answer, parsed; an OAuth token the API refuses is renewed once and the request made again. */
  async function getPage(url: URL, where: string, signal: AbortSignal | undefined): Promise<{ headers: Headers; text: string; body: unknown }> {
    const response = await sendAuthorized(http, authorizer, url, { headers: { accept: 'application/json' } }, where, signal);
    if (!response.ok) {
      await discardBody(response);
      throw statusFailure(where, response.status);
    }
    const text = await readText(response, where, signal);
    try {
      return { headers: response.headers, text, body: JSON.parse(text) };
    } catch {
      throw new SourceError(`${where}: the answer is not JSON`, false);
    }
  }

  /** A stream's records page by page, each page with whether it is the stream's last. */
  async function* pagesOf(stream: RestStream, since: number | undefined, signal: AbortSignal | undefined, budget: { pagesLeft: number }): AsyncGenerator<{ items: unknown[]; last: boolean }> {
    const where = `stream "${stream.name}"`;
    const pager = createPager(checked.pagination, streamUrl(stream, since), { smallest: false, where });
    const requested = new Set<string>();
    let previousDigest: string | undefined;
    for (let url: URL | undefined = pager.first; url !== undefined; ) {
      if (signal?.aborted) throw new SourceError('cancelled', false);
      if (requested.has(url.href)) throw new SourceError(`${where}: ${pager.leadsOn} leads back to a page already read; stopped so as not to read forever`, false);
      if (budget.pagesLeft-- <= 0) throw new SourceError(`${where}: the read reached its limit of ${maxPages} pages (max_pages); stopped`, false);
      requested.add(url.href);
      const page = await getPage(url, where, signal);
      const items = recordsOf(page.body, stream, where);
      // An API that ignores the page parameter would otherwise be read until max_pages.
      const digest = createHash('sha256').update(page.text).digest('base64');
      if (items.length > 0 && digest === previousDigest) throw new SourceError(`${where}: the API answered the same page twice in a row (does it ignore ${pager.leadsOn}?); stopped so as not to read forever`, false);
      previousDigest = digest;
      const next = pager.next({ url, headers: page.headers, body: page.body, recordCount: items.length });
      yield { items, last: next === undefined };
      url = next;
    }
  }

  /** A connector that only pushes: base_url answers an authenticated GET with anything but a refusal of the credentials or a fault. */
  async function testReachable(signal: AbortSignal | undefined): Promise<ConnectionCheck> {
    const where = 'base_url';
    const response = await sendAuthorized(http, authorizer, base, { headers: { accept: 'application/json' } }, where, signal);
    await discardBody(response);
    if (response.status === 401 || response.status === 403 || response.status >= 500) throw statusFailure(where, response.status);
    return { ok: true, detail: `${where} answered HTTP ${response.status} to an authenticated request` };
  }

  async function* read(options: ReadOptions): AsyncGenerator<SourcePage> {
    const streams = selectStreams(checked.streams, options.streams);
    const since = incremental && options.cursor !== undefined ? cursorTime(options.cursor) : undefined;
    const budget = { pagesLeft: maxPages };
    let runLatest = since;
    for (const [index, stream] of streams.entries()) {
      const followed = index < streams.length - 1;
      let streamLatest = since;
      for await (const { items, last } of pagesOf(stream, since, options.signal, budget)) {
        const records = items.map((item) => sourceRecord(stream, item));
        if (!incremental) {
          yield { records };
          continue;
        }
        for (const record of records) {
          if (record.updated_at === undefined) continue;
          const time = Date.parse(record.updated_at);
          streamLatest = Math.max(streamLatest ?? time, time);
          runLatest = Math.max(runLatest ?? time, time);
        }
        const resumeAfter = followed ? since : last ? runLatest : streamLatest;
        yield resumeAfter === undefined ? { records } : { records, cursor: new Date(resumeAfter).toISOString() };
      }
    }
  }

  return {
    async test(signal?: AbortSignal): Promise<ConnectionCheck> {
      const stream = checked.streams[0];
      try {
        if (!stream) return await testReachable(signal);
        const where = `stream "${stream.name}"`;
        const { body } = await getPage(createPager(checked.pagination, streamUrl(stream, undefined), { smallest: true, where }).first, where, signal);
        const count = recordsOf(body, stream, where).length;
        return { ok: true, detail: `${where} answered with ${count} record${count === 1 ? '' : 's'}` };
      } catch (error) {
        // Only SourceError messages are known to leave the credentials out.
        return { ok: false, error: error instanceof SourceError ? error.message : `unexpected failure (${error instanceof Error ? error.name : typeof error})` };
      }
    },
    read,
  };
}

function selectStreams(configured: RestStream[], requested: readonly string[] | undefined): RestStream[] {
  if (requested === undefined) return configured;
  const unknown = requested.filter((name) => !configured.some((stream) => stream.name === name));
  if (unknown.length > 0) throw new SourceError(`no stream ${unknown.map((name) => `"${name}"`).join(', ')}; the streams are ${configured.map((stream) => `"${stream.name}"`).join(', ')}`, false);
  return configured.filter((stream) => requested.includes(stream.name));
}

function recordsOf(body: unknown, stream: RestStream, where: string): unknown[] {
  const items = stream.record_path ? valueAtPath(body, stream.record_path) : body;
  if (!Array.isArray(items)) throw new SourceError(`${where}: ${stream.record_path ? `"${stream.record_path}" in the answer` : 'the answer'} is not an array of records`, false);
  return items;
}

function sourceRecord(stream: RestStream, item: unknown): SourceRecord {
  if (!isJsonObject(item)) return { stream: stream.name, external_id: '', data: { value: item }, problem: 'the record is not a JSON object' };
  const record: SourceRecord = { stream: stream.name, external_id: '', data: item };
  const id = valueAtPath(item, stream.id_path);
  if (typeof id === 'string' && id !== '') record.external_id = id;
  else if (typeof id === 'number' && Number.isFinite(id) && !(Number.isInteger(id) && !Number.isSafeInteger(id))) record.external_id = String(id);
  else if (typeof id === 'number') record.problem = `the id at "${stream.id_path}" is a number too large to be read exactly; the API should send it as a string`;
  else if (id === undefined || id === null || id === '') record.problem = `no id at "${stream.id_path}"`;
  else record.problem = `the id at "${stream.id_path}" is ${Array.isArray(id) ? 'an array' : typeof id === 'object' ? 'an object' : `a ${typeof id}`}, not a string or a number`;
  const updatedAt = stream.updated_at_path === undefined ? undefined : timeOf(valueAtPath(item, stream.updated_at_path));
  if (updatedAt !== undefined) record.updated_at = new Date(updatedAt).toISOString();
  return record;
}

function cursorTime(cursor: string): number {
  const time = timeOf(cursor);
  if (time === undefined) throw new SourceError(`the cursor "${cursor.slice(0, 64)}" is not a time; this connector's cursors are ISO 8601 times`, false);
  return time;
}

const ISO_8601 = /^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([Zz]|[+-]\d{2}:?\d{2})?)?$/;
/** Year 10000: later is no time an API means (milliseconds taken for seconds, say). */
const LATEST_TIME = Date.UTC(10_000, 0, 1);

/** Milliseconds since the epoch of a time as APIs write it: ISO 8601 (UTC without an offset) or Unix seconds; undefined for anything else. */
function timeOf(value: unknown): number | undefined {
  let time: number;
  if (typeof value === 'number') time = value * 1000;
  else if (typeof value !== 'string') return undefined;
  else if (/^\d+(\.\d+)?$/.test(value)) time = Number(value) * 1000;
  else {
    const match = ISO_8601.exec(value.trim());
    if (!match) return undefined;
    const [, date, clock, offset] = match;
    // Date.parse reads a date-time without an offset as local time: UTC is said explicitly.
    const zone = offset === undefined ? 'Z' : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset.toUpperCase();
    time = Date.parse(clock === undefined ? (date as string) : `${date}T${clock}${zone}`);
  }
  return Number.isFinite(time) && time >= 0 && time < LATEST_TIME ? time : undefined;
}

