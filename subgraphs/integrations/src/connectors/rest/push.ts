import type { OutboundHttp } from '../http.ts';
import { withoutTrailingSlashes } from '../url-paths.ts';
import { readText, statusFailure } from './answers.ts';
import { createAuthorizer, sendAuthorized } from './auth.ts';
import { type RestCredentials, type RestPushRule, type RestSourceConfig, restSourceConfigSchema } from './config.ts';
import { isJsonObject, valueAtPath } from './dot-path.ts';

/** What the other system's refusal keeps of its answer: enough to see why, never the whole body. */
const REFUSAL_EXCERPT_CHARS = 300;

/** One platform event to send: its rule, the JSON body mapped from it, the ids its path may name. */
export interface PushRequest {
  rule: RestPushRule;
  body: unknown;
  /** Sent as `Idempotency-Key`: the event's id, so a push repeated after a crash is recognised by an API that honours the header. */
  idempotencyKey: string;
  ids: { resource_id: string; remote_id?: string | undefined };
}

/**
 * The API's answer: taken (with the id it gave the record, when the rule reads one), or refused for
 * this record (a 4xx other than refused credentials, throttling or a timeout: the record is at
 * fault, kept for a replay). A failure of the API itself throws SourceError (retryable or not).
 */
export type PushAnswer = { ok: true; status: number; remoteId?: string } | { ok: false; status: number; message: string };

export interface RestPush {
  push(request: PushRequest, signal?: AbortSignal): Promise<PushAnswer>;
}

/** Pushing records to a REST/JSON API as a connector's `push` rules say: one authenticated JSON request per event. */
export function createRestPush(config: RestSourceConfig, credentials: RestCredentials, http: OutboundHttp): RestPush {
  const checked = restSourceConfigSchema.parse(config);
  const authorizer = createAuthorizer(checked.auth, credentials, http);
  const base = new URL(checked.base_url);

  return {
    async push({ rule, body, idempotencyKey, ids }, signal) {
      const where = `push of ${rule.event_type}`;
      const url = new URL(base);
      url.pathname = withoutTrailingSlashes(base.pathname) + rule.path.replaceAll('{resource_id}', encodeURIComponent(ids.resource_id)).replaceAll('{remote_id}', encodeURIComponent(ids.remote_id ?? ''));
      const response = await sendAuthorized(
        http,
        authorizer,
        url,
        { method: rule.method, headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey }, body: JSON.stringify(body) },
        where,
        signal,
      );
      const text = await readText(response, where, signal);
      if (response.ok) return taken(rule, response.status, text);
      if (response.status === 401 || response.status === 403 || response.status === 408 || response.status === 429 || response.status >= 500 || response.status < 400) throw statusFailure(where, response.status);
      return { ok: false, status: response.status, message: `the API refused it: HTTP ${response.status}${text ? `, ${text.slice(0, REFUSAL_EXCERPT_CHARS)}` : ''}` };
    },
  };
}

/** A 2xx answer; with `remote_id_path`, the id the API gave the record must be in it. */
function taken(rule: RestPushRule, status: number, text: string): PushAnswer {
  if (rule.remote_id_path === undefined) return { ok: true, status };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  const id = isJsonObject(answer) || Array.isArray(answer) ? valueAtPath(answer, rule.remote_id_path) : undefined;
  if ((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isSafeInteger(id))) return { ok: true, status, remoteId: String(id) };
  return { ok: false, status, message: `the API answered HTTP ${status} without an id at "${rule.remote_id_path}" (remote_id_path)` };
}
