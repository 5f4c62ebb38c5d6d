import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

/** A delivery's body: the event, as `GET /v1/events/{id}` shows it. */
export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: string;
  occurred_at: string;
  tenant_id: string;
  data: Data;
  [member: string]: unknown;
}

type HeaderInput = Headers | Record<string, string | string[] | undefined>;

/**
 * Verifies a webhook delivery with the Standard Webhooks library: the `webhook-signature` (HMAC-SHA256
 * of `webhook-id.webhook-timestamp.body` with the endpoint's `whsec_…` secret; any of the space-separated
 * `v1,` signatures, so deliveries during a secret rotation pass) and the timestamp (at most 5 minutes
 * off). Give the body exactly as received (a string or the raw bytes, not re-serialised JSON).
 * Returns the parsed event; throws `WebhookVerificationError` when the delivery is not authentic.
 */
export function verifyWebhook<Data = Record<string, unknown>>(secret: string, body: string | Buffer | Uint8Array, headers: HeaderInput): WebhookEvent<Data> {
  const payload = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  return new Webhook(secret).verify(payload, normalise(headers)) as WebhookEvent<Data>;
}

function normalise(headers: HeaderInput): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => (result[name] = value));
    return result;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  }
  return result;
}
