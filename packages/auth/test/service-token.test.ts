import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type ServiceCall, serviceTokens } from '../src/service-token.ts';

const SECRET = 'a-service-token-secret-of-32-characters-or-more';
const call: ServiceCall = {
  principal: { tenantId: 'ten_1', scopes: new Set(['crm:read', 'crm:write']), credential: { type: 'api_key', id: 'key_1' }, expiresAt: new Date('2030-01-01T00:00:00.000Z') },
  requestId: 'req_1',
  ifMatchVersion: 3,
  audit: { method: 'POST', path: '/v1/crm/customers', occurredAt: '2026-11-27T10:00:00.000Z' },
  exportPages: true,
};

describe('service tokens between edges and subgraph services', () => {
  const tokens = serviceTokens(SECRET);

  it('carries the call to the subgraph it was signed for, the principal intact', async () => {
    expect(await tokens.verify(await tokens.sign(call, 'crm'), 'crm')).toEqual(call);
  });

  it('opens no other subgraph, and nothing under another secret', async () => {
    const token = await tokens.sign(call, 'crm');
    expect(await tokens.verify(token, 'finance')).toBeUndefined();
    expect(await serviceTokens(`${SECRET}-other`).verify(token, 'crm')).toBeUndefined();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`, 'crm')).toBeUndefined();
    expect(await tokens.verify('not a token', 'crm')).toBeUndefined();
  });

  it('accepts, during a rotation, tokens signed with the secret also accepted, and signs only with its own', async () => {
    const next = 'the-next-service-token-secret-of-32-characters-or-more';
    const rotating = serviceTokens(next, SECRET);
    // Processes still signing with the old secret are understood; this one signs with the new.
    expect(await rotating.verify(await tokens.sign(call, 'crm'), 'crm')).toEqual(call);
    expect(await tokens.verify(await rotating.sign(call, 'crm'), 'crm')).toBeUndefined();
    expect(await serviceTokens(next).verify(await rotating.sign(call, 'crm'), 'crm')).toEqual(call);
    // The second secret opens no other subgraph either.
    expect(await rotating.verify(await tokens.sign(call, 'finance'), 'crm')).toBeUndefined();
  });

  it('refuses an expired token and one of another issuer or type', async () => {
    const key = new TextEncoder().encode(SECRET);
    const base = () => new SignJWT({ ...call, principal: { ...call.principal, scopes: [...call.principal.scopes] } }).setAudience('subgraph:crm').setIssuedAt();
    const expired = await base().setProtectedHeader({ alg: 'HS256', typ: 'platform-service+jwt' }).setIssuer('platform-edge').setExpirationTime(Math.floor(Date.now() / 1000) - 10).sign(key);
    const otherIssuer = await base().setProtectedHeader({ alg: 'HS256', typ: 'platform-service+jwt' }).setIssuer('someone-else').setExpirationTime('1m').sign(key);
    const otherType = await base().setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('platform-edge').setExpirationTime('1m').sign(key);
    for (const token of [expired, otherIssuer, otherType]) expect(await tokens.verify(token, 'crm')).toBeUndefined();
  });
});
