import { ApiError } from '@platform/errors';

/** Who is calling: established once at the edge, read by every resolver. */
export interface Principal {
  tenantId: string;
  scopes: ReadonlySet<string>;
  credential: { type: 'oauth_client'; id: string };
  /** `jti` of the access token. */
  tokenId: string;
}

export function requireScope(principal: Principal, scope: string): void {
  if (!principal.scopes.has(scope)) {
    throw new ApiError('insufficient_scope', `This operation requires the scope ${scope}.`, { required_scope: scope });
  }
}
