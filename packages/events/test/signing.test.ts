import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, signatureHeaders } from '../src/webhooks/signing.ts';

/** The Standard Webhooks signature, computed here from the specification rather than by the library the code uses. */
function expectedSignature(secret: string, id: string, timestamp: string, payload: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${payload}`).digest('base64')}`;
}

describe('webhook signing secrets', () => {
  it('are whsec_ and 32 random bytes in base64, never twice the same', () => {
    const secrets = Array.from({ length: 20 }, () => generateSigningSecret());
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});

describe('webhook signature headers', () => {
  const payload = '{"id":"evt_1","type":"order.created","data":{"total":"12.50 €"}}';

  it('carry the event id, the time in whole seconds and the HMAC-SHA256 of id, time and payload', () => {
    const secret = generateSigningSecret();
    const at = new Date(1_700_000_000_999);
    expect(signatureHeaders('evt_1', payload, [secret], at)).toEqual({
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': expectedSignature(secret, 'evt_1', '1700000000', payload),
    });
  });

  it('verify at a receiver holding the secret, and not at one holding another secret or for a changed payload', () => {
    const secret = generateSigningSecret();
    const headers = signatureHeaders('evt_2', payload, [secret]);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(2);
    expect(new Webhook(secret).verify(payload, headers)).toEqual(JSON.parse(payload));
    expect(() => new Webhook(generateSigningSecret()).verify(payload, headers)).toThrow('No matching signature found');
    expect(() => new Webhook(secret).verify(payload.replace('12.50', '1250'), headers)).toThrow('No matching signature found');
    expect(() => new Webhook(secret).verify(payload, { ...headers, 'webhook-id': 'evt_3' })).toThrow('No matching signature found');
  });

  it('during a rotation carry one signature per secret, space-separated, so receivers with either secret verify', () => {
    const [previous, next] = [generateSigningSecret(), generateSigningSecret()];
    const at = new Date();
    const headers = signatureHeaders('evt_4', payload, [next, previous], at);
    const timestamp = String(Math.floor(at.getTime() / 1000));
    expect(headers['webhook-signature']).toBe(`${expectedSignature(next, 'evt_4', timestamp, payload)} ${expectedSignature(previous, 'evt_4', timestamp, payload)}`);
    expect(new Webhook(previous).verify(payload, headers)).toEqual(JSON.parse(payload));
    expect(new Webhook(next).verify(payload, headers)).toEqual(JSON.parse(payload));
  });
});
