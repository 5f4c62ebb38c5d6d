import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError, verifyWebhook } from '../src/index.ts';

const SECRET = `whsec_${Buffer.from('a-very-secret-key-of-32-bytes!!!').toString('base64')}`;
const BODY = JSON.stringify({ id: 'evt_1', type: 'order.created', occurred_at: '2026-11-26T10:00:00.000Z', tenant_id: 'ten_1', data: { id: 'ord_1' } });

/** Headers as the platform signs a delivery (packages/events/src/webhooks/signing.ts). */
function signed(body: string, at: Date, secret = SECRET) {
  return { 'webhook-id': 'evt_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('evt_1', at, body) };
}

describe('verifyWebhook', () => {
  it('accepts an authentic delivery and returns the event', () => {
    const event = verifyWebhook(SECRET, BODY, signed(BODY, new Date()));
    expect(event).toMatchObject({ id: 'evt_1', type: 'order.created', data: { id: 'ord_1' } });
    // Raw bytes, a Headers object, and header names in any case work too.
    expect(verifyWebhook(SECRET, Buffer.from(BODY), new Headers(signed(BODY, new Date()))).id).toBe('evt_1');
    const upper = Object.fromEntries(Object.entries(signed(BODY, new Date())).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook(SECRET, BODY, upper).id).toBe('evt_1');
  });

  it('accepts any of several signatures (a delivery during a secret rotation)', () => {
    const other = `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}`;
    const now = new Date();
    const headers = signed(BODY, now);
    headers['webhook-signature'] = `${new Webhook(other).sign('evt_1', now, BODY)} ${headers['webhook-signature']}`;
    expect(verifyWebhook(SECRET, BODY, headers).id).toBe('evt_1');
  });

  it('refuses a tampered body, a wrong secret and a missing signature', () => {
    const headers = signed(BODY, new Date());
    expect(() => verifyWebhook(SECRET, BODY.replace('ord_1', 'ord_2'), headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(`whsec_${Buffer.from('wrong-secret-wrong-secret-wrong!').toString('base64')}`, BODY, headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(SECRET, BODY, { ...headers, 'webhook-signature': undefined })).toThrow(WebhookVerificationError);
  });

  it('refuses a stale delivery (more than 5 minutes old) and one from the future', () => {
    expect(() => verifyWebhook(SECRET, BODY, signed(BODY, new Date(Date.now() - 6 * 60_000)))).toThrow(/too old/i);
    expect(() => verifyWebhook(SECRET, BODY, signed(BODY, new Date(Date.now() + 6 * 60_000)))).toThrow(/too new/i);
    expect(verifyWebhook(SECRET, BODY, signed(BODY, new Date(Date.now() - 4 * 60_000))).id).toBe('evt_1');
  });
});
