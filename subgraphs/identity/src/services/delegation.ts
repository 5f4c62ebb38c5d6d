import { fieldErrors } from '@platform/errors';

/**
 * A credential hands out only what it holds: an API key, a role or a user's role can carry no
 * scope the calling credential lacks, so no grant can raise anyone's privileges above the
 * granter's.
 */
export function scopesNotHeld(scopes: readonly string[], holder: ReadonlySet<string>): string[] {
  return scopes.filter((scope) => !holder.has(scope));
}

export function assertDelegable(scopes: readonly string[], holder: ReadonlySet<string>, field: string): void {
  const missing = scopesNotHeld(scopes, holder);
  if (missing.length > 0) throw fieldErrors('rule_violation', field, `you can grant only scopes your credential holds; not held: ${missing.join(', ')}`);
}
