import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The three Standard Webhooks headers for one delivery attempt. `webhook-id` is the event id, the
 * same for every attempt and resend, so receivers deduplicate by it. During a secret rotation
 * the payload is signed with both secrets (space-separated signatures), so a receiver that still
 * has the old secret keeps verifying.
 */
export function signatureHeaders(messageId: string, payload: string, secrets: string[], at: Date = new Date()): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, payload)).join(' '),
  };
}
