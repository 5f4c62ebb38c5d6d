import { ApiError } from '@platform/errors';
import { describe, expect, it } from 'vitest';
import { type Principal, requireScope } from '../src/principal.ts';
import { isKnownScope, parseScopeString, scopeCatalogue } from '../src/scopes.ts';

describe('scope catalogue', () => {
  it('holds read and write scopes per resource, each with a description (published at /v1/auth/scopes)', () => {
    const scopes = Object.keys(scopeCatalogue);
    expect(scopes).toHaveLength(31);
    for (const [scope, description] of Object.entries(scopeCatalogue)) {
      expect(scope).toMatch(/^[a-z_]+:(read|write)$/);
      expect(description.length, scope).toBeGreaterThan(20);
    }
  });

  it('knows its own scopes only: not an unknown one, not a property every object has', () => {
    expect(isKnownScope('inventory:read')).toBe(true);
    expect(isKnownScope('webhooks:write')).toBe(true);
    for (const value of ['admin', 'inventory:delete', 'Inventory:read', 'inventory:read ', '', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(isKnownScope(value), value).toBe(false);
    }
  });

  it('splits an RFC 6749 scope string on spaces into distinct scopes, in order, ignoring empty parts', () => {
    expect(parseScopeString('crm:read inventory:write')).toEqual(['crm:read', 'inventory:write']);
    expect(parseScopeString('  inventory:read   crm:read inventory:read  ')).toEqual(['inventory:read', 'crm:read']);
    expect(parseScopeString('')).toEqual([]);
    expect(parseScopeString('   ')).toEqual([]);
    // Only the space separates (RFC 6749 section 3.3): a tab is part of a (then unknown) scope.
    expect(parseScopeString('crm:read\tcrm:write')).toEqual(['crm:read\tcrm:write']);
  });
});

describe('requireScope', () => {
  const principal: Principal = { tenantId: 'ten_1', scopes: new Set(['inventory:read', 'crm:write']), credential: { type: 'api_key', id: 'key_1' } };

  it('lets a credential holding the scope through', () => {
    expect(() => requireScope(principal, 'inventory:read')).not.toThrow();
    expect(() => requireScope(principal, 'crm:write')).not.toThrow();
  });

  it('refuses a missing scope with insufficient_scope naming it; a write scope does not imply the read scope', () => {
    for (const scope of ['inventory:write', 'crm:read', 'finance:read']) {
      let refusal: unknown;
      try {
        requireScope(principal, scope);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(ApiError);
      expect(refusal).toMatchObject({ code: 'insufficient_scope', message: `This operation requires the scope ${scope}.`, extensions: { code: 'insufficient_scope', required_scope: scope } });
    }
  });

  it('refuses everything to a credential without scopes', () => {
    expect(() => requireScope({ ...principal, scopes: new Set() }, 'inventory:read')).toThrow(ApiError);
  });
});
