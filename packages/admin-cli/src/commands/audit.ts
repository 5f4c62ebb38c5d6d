import { verifyAuditChain } from '@platform/audit';
import { type Command, UsageError, parseOptions } from '../command.ts';

/** Exit code of `audit verify` when a chain shows tampering (0: every chain intact). */
export const TAMPERING_EXIT_CODE = 3;

/**
 * What a command prints verbatim, with its exit code, instead of the usual single JSON object
 * and exit code 0.
 */
export class CommandOutput {
  constructor(
    readonly text: string,
    readonly exitCode: number,
  ) {}
}

export const auditCommands: Record<string, Command> = {
  verify: {
    usage: 'audit verify [--tenant <tenant_id>]',
    summary:
      "Check the audit trail's hash chains, of one tenant or of every tenant (including _platform, the requests without a tenant): " +
      'prints one JSON object per line and tenant, {tenant_id, records, ok, problems: [{seq, kind: edited|missing|broken_link, detail}], last_seq, last_hash}. ' +
      `Exit code 0 when every chain is intact, ${TAMPERING_EXIT_CODE} when a record was changed or deleted.`,
    prepare(args) {
      const { tenant } = parseOptions(args, ['tenant'], []);
      if (tenant === '') throw new UsageError('--tenant needs a tenant id');
      return async (prisma) => {
        const reports = await verifyAuditChain(prisma, tenant);
        const lines = reports.map((report) =>
          JSON.stringify({ tenant_id: report.tenantId, records: report.records, ok: report.ok, problems: report.problems, last_seq: report.lastSeq, last_hash: report.lastHash }),
        );
        return new CommandOutput(lines.map((line) => `${line}\n`).join(''), reports.every((report) => report.ok) ? 0 : TAMPERING_EXIT_CODE);
      };
    },
  },
};
