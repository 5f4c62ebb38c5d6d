-- Up Migration
-- Workflows: automations triggered by an event, a schedule or the API. A workflow keeps every
-- version of its definition; a run keeps the version it started with and is executed step by step
-- on the job queue, each step's outcome recorded (workflow_run_steps) before the next starts, so a
-- run resumes after a crash without repeating a finished step. A workflow acts through the
-- platform's own GraphQL operations as actor `workflow` in the audit trail.
CREATE TYPE "workflow_trigger_kind" AS ENUM ('event', 'schedule', 'manual');

CREATE TABLE "workflows" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "description" TEXT,
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "current_version" INTEGER NOT NULL,
  "definition" JSONB NOT NULL,
  "trigger_kind" "workflow_trigger_kind" NOT NULL,
  "event_type" TEXT,
  "schedule_cron" TEXT,
  "schedule_time_zone" TEXT,
  "next_run_at" TIMESTAMPTZ(3),
  "scopes" TEXT[],
  "signing_secret_ciphertext" TEXT NOT NULL,
  "template" TEXT,
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "workflows_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "workflows_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "workflows_tenant_id_created_at_id_idx" ON "workflows" ("tenant_id", "created_at" DESC, "id" DESC);
-- The event dispatch's look for the enabled workflows an event triggers.
CREATE INDEX "workflows_event_trigger_idx" ON "workflows" ("tenant_id", "event_type") WHERE (enabled AND (trigger_kind = 'event'::workflow_trigger_kind));
-- The scheduler's look for workflows whose next scheduled run is due, across tenants.
CREATE INDEX "workflows_next_run_at_idx" ON "workflows" ("next_run_at") WHERE (next_run_at IS NOT NULL);

CREATE TABLE "workflow_versions" (
  "tenant_id" TEXT NOT NULL,
  "workflow_id" TEXT NOT NULL,
  "version" INTEGER NOT NULL,
  "definition" JSONB NOT NULL,
  "scopes" TEXT[],
  "created_by" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "workflow_versions_pkey" PRIMARY KEY ("tenant_id", "workflow_id", "version"),
  CONSTRAINT "workflow_versions_workflow_id_fkey" FOREIGN KEY ("tenant_id", "workflow_id") REFERENCES "workflows" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TYPE "workflow_run_status" AS ENUM ('queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled');

CREATE TABLE "workflow_runs" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "workflow_id" TEXT NOT NULL,
  "workflow_version" INTEGER NOT NULL,
  "status" "workflow_run_status" NOT NULL DEFAULT 'queued',
  "trigger" "workflow_trigger_kind" NOT NULL,
  "input" JSONB NOT NULL,
  "trigger_event_id" TEXT,
  "scheduled_for" TIMESTAMPTZ(3),
  "chain_depth" INTEGER NOT NULL,
  "caused_by_run_id" TEXT,
  "started_by" TEXT,
  "output" JSONB,
  "error" JSONB,
  "waiting_for" JSONB,
  "timeout_at" TIMESTAMPTZ(3) NOT NULL,
  "cancel_requested_at" TIMESTAMPTZ(3),
  "lease_token" TEXT,
  "lease_expires_at" TIMESTAMPTZ(3),
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "workflow_runs_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "workflow_runs_workflow_version_fkey" FOREIGN KEY ("tenant_id", "workflow_id", "workflow_version") REFERENCES "workflow_versions" ("tenant_id", "workflow_id", "version") ON DELETE CASCADE ON UPDATE CASCADE
);
-- An event starts one run of each workflow it triggers, a scheduled time one run, whichever instance sees it.
CREATE UNIQUE INDEX "workflow_runs_tenant_id_workflow_id_trigger_event_id_key" ON "workflow_runs" ("tenant_id", "workflow_id", "trigger_event_id");
CREATE UNIQUE INDEX "workflow_runs_tenant_id_workflow_id_scheduled_for_key" ON "workflow_runs" ("tenant_id", "workflow_id", "scheduled_for");
CREATE INDEX "workflow_runs_tenant_id_created_at_id_idx" ON "workflow_runs" ("tenant_id", "created_at" DESC, "id" DESC);
CREATE INDEX "workflow_runs_tenant_id_workflow_id_created_at_id_idx" ON "workflow_runs" ("tenant_id", "workflow_id", "created_at" DESC, "id" DESC);
-- The engine's look for running runs whose lease lapsed (their instance died).
CREATE INDEX "workflow_runs_status_lease_expires_at_idx" ON "workflow_runs" ("status", "lease_expires_at");

CREATE TYPE "workflow_step_status" AS ENUM ('running', 'retrying', 'waiting', 'succeeded', 'failed');

CREATE TABLE "workflow_run_steps" (
  "tenant_id" TEXT NOT NULL,
  "run_id" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "step_id" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "status" "workflow_step_status" NOT NULL,
  "input" JSONB,
  "output" JSONB,
  "error" JSONB,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "max_attempts" INTEGER NOT NULL,
  "next_attempt_at" TIMESTAMPTZ(3),
  "wake_at" TIMESTAMPTZ(3),
  "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "finished_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "workflow_run_steps_pkey" PRIMARY KEY ("tenant_id", "run_id", "key"),
  CONSTRAINT "workflow_run_steps_run_id_fkey" FOREIGN KEY ("tenant_id", "run_id") REFERENCES "workflow_runs" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

ALTER TABLE "audit_records" DROP CONSTRAINT "audit_records_actor_type_check";
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_actor_type_check" CHECK ("actor_type" IN ('oauth_client', 'api_key', 'user', 'connector', 'workflow', 'anonymous'));
