import { ApiError } from '@platform/errors';

/** Who is calling: established once at the edge, read by every resolver. */
export interface Principal {
  tenantId: string;
  scopes: ReadonlySet<string>;
  /**
   * The credential presented: an OAuth client's access token or an API key; or, for the writes of
   * a sync, the connector itself, for the operations of a workflow's run, the workflow, and for the
   * writes of an agent task, the task (never presented over the network: the engines set them);
   * or a person signed in to the console (`user`: an access token its session issued).
   */
  credential: { type: 'oauth_client' | 'api_key' | 'user' | 'connector' | 'workflow' | 'ai_task'; id: string };
  /** A signed-in person's user id (with `credential.type` `user`). */
  userId?: string;
  /** The console session that issued the access token: the token stops working when it ends. */
  sessionId?: string;
  /** A workflow's operations: the run they belong to and how deep it is in a chain of runs triggering runs (loop protection). */
  causation?: { workflow_run_id: string; chain_depth: number };
  /** `jti` of the access token; absent for API keys. */
  tokenId?: string;
  /** When the credential stops being valid (the token's `exp`, the key's `expires_at`); absent: it does not expire. */
  expiresAt?: Date;
}

export function requireScope(principal: Principal, scope: string): void {
  if (!principal.scopes.has(scope)) {
    throw new ApiError('insufficient_scope', `This operation requires the scope ${scope}.`, { required_scope: scope });
  }
}
