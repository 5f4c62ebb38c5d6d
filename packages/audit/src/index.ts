export {
  AUDIT_ACTOR_TYPES,
  AUDIT_SURFACES,
  GENESIS_HASH,
  PLATFORM_TENANT,
  type AuditActor,
  type AuditActorType,
  type AuditEntry,
  type AuditRecordFields,
  type AuditSurface,
  type ChainedAuditRecord,
  actorFromPrincipal,
  canonicalAuditJson,
  computeAuditHash,
  normalizeAuditEntry,
} from './record.ts';
export { type AuditDatabase, appendAuditRecords, appendNormalizedAuditRecords } from './append.ts';
export { AuditChainer, type AuditChainerOptions, queueAuditRecords } from './chainer.ts';
export { AuditRecorder, type AuditLogger, type AuditRecorderOptions } from './recorder.ts';
export { type AuditChainProblem, type AuditChainReport, verifyAuditChain } from './verify.ts';
