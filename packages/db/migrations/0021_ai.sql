-- AI & Copilot: copilot queries kept with their plans' operations and answers, document
-- extractions, and agent tasks (a goal planned into writes, executed on the job queue with a step
-- log). A task writes through the platform's own GraphQL operations as actor `ai_task` in the
-- audit trail.
CREATE TABLE "ai_queries" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "question" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "engine" TEXT NOT NULL,
  "answer" JSONB,
  "operations" JSONB NOT NULL,
  "summary" TEXT NOT NULL,
  "interpretation" TEXT,
  "confidence" DOUBLE PRECISION NOT NULL,
  "suggestions" TEXT[],
  "asked_by" TEXT NOT NULL,
  "duration_ms" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ai_queries_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "ai_queries_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "ai_queries_tenant_id_created_at_id_idx" ON "ai_queries" ("tenant_id", "created_at" DESC, "id" DESC);

CREATE TABLE "ai_extractions" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "filename" TEXT,
  "content_type" TEXT NOT NULL,
  "byte_size" INTEGER NOT NULL,
  "sha256" TEXT NOT NULL,
  "document_type" TEXT NOT NULL,
  "method" TEXT NOT NULL,
  "result" JSONB NOT NULL,
  "draft" JSONB,
  "created_by" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ai_extractions_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "ai_extractions_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "ai_extractions_tenant_id_created_at_id_idx" ON "ai_extractions" ("tenant_id", "created_at" DESC, "id" DESC);

CREATE TYPE "ai_task_status" AS ENUM ('awaiting_approval', 'queued', 'running', 'succeeded', 'failed', 'cancelled', 'rejected');

CREATE TABLE "ai_tasks" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "goal" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "engine" TEXT NOT NULL,
  "status" "ai_task_status" NOT NULL,
  "require_approval" BOOLEAN NOT NULL,
  "plan" JSONB NOT NULL,
  "planning_operations" JSONB NOT NULL,
  "scopes" TEXT[],
  "created_by" TEXT NOT NULL,
  "decided_by" TEXT,
  "decided_at" TIMESTAMPTZ(3),
  "decision_comment" TEXT,
  "error" JSONB,
  "cancel_requested_at" TIMESTAMPTZ(3),
  "version" INTEGER NOT NULL DEFAULT 1,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ai_tasks_pkey" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "ai_tasks_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "ai_tasks_tenant_id_created_at_id_idx" ON "ai_tasks" ("tenant_id", "created_at" DESC, "id" DESC);

CREATE TABLE "ai_task_steps" (
  "tenant_id" TEXT NOT NULL,
  "task_id" TEXT NOT NULL,
  "step_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "operation" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "output" JSONB,
  "error" JSONB,
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  "finished_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ai_task_steps_pkey" PRIMARY KEY ("tenant_id", "task_id", "step_id"),
  CONSTRAINT "ai_task_steps_task_id_fkey" FOREIGN KEY ("tenant_id", "task_id") REFERENCES "ai_tasks" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

ALTER TABLE "audit_records" DROP CONSTRAINT "audit_records_actor_type_check";
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_actor_type_check" CHECK ("actor_type" IN ('oauth_client', 'api_key', 'user', 'connector', 'workflow', 'ai_task', 'anonymous'));
