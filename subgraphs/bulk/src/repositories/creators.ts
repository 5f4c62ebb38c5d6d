import type { Principal } from '@platform/auth';
import type { PrismaClient } from '@platform/db';

/** Why a job stops when its creator no longer may act: the code its `error` carries. */
export const CREATOR_REVOKED = 'credential_revoked';

/**
 * Whether the credential that created a bulk job may still act. A job runs as its creator with the
 * scopes captured at creation, so one whose OAuth client or API key was revoked (or has expired), or
 * whose user was deactivated, must stop rather than go on reading or writing with a right nobody
 * holds any more. Workflows, connectors and AI tasks have lifecycles of their own (their runs are
 * stopped through them), so their jobs are not checked here.
 */
export async function creatorMayAct(db: PrismaClient, tenantId: string, credential: Principal['credential'], now = new Date()): Promise<boolean> {
  const where = { tenant_id: tenantId, id: credential.id };
  switch (credential.type) {
    case 'oauth_client': {
      const client = await db.oAuthClient.findFirst({ where, select: { revoked_at: true } });
      return client !== null && client.revoked_at === null;
    }
    case 'api_key': {
      const key = await db.apiKey.findFirst({ where, select: { revoked_at: true, expires_at: true } });
      return key !== null && key.revoked_at === null && (key.expires_at === null || key.expires_at > now);
    }
    case 'user': {
      const user = await db.user.findFirst({ where, select: { status: true } });
      return user?.status === 'active';
    }
    default:
      return true;
  }
}
