-- Up Migration
-- Access: the users of a tenant and its custom roles. Built-in roles live in code, so
-- users.role_id has no foreign key; the identity subgraph validates it on every write.
CREATE TYPE "user_status" AS ENUM ('invited', 'active', 'deactivated');

CREATE TABLE "roles" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "description" TEXT,
  "scopes" TEXT[],
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "roles_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE UNIQUE INDEX "roles_tenant_id_name_key" ON "roles" ("tenant_id", "name");

CREATE TABLE "users" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "name" TEXT,
  "role_id" TEXT NOT NULL,
  "status" "user_status" NOT NULL DEFAULT 'invited',
  "invited_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "activated_at" TIMESTAMPTZ(3),
  "deactivated_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "users_pkey" PRIMARY KEY ("tenant_id", "id"),
  -- Emails are stored lower-cased, so the unique index below is case-insensitive.
  CONSTRAINT "users_email_lower_case" CHECK ("email" = lower("email")),
  CONSTRAINT "users_deactivated_at_set" CHECK (("status" = 'deactivated') = ("deactivated_at" IS NOT NULL))
);
CREATE UNIQUE INDEX "users_tenant_id_email_key" ON "users" ("tenant_id", "email");
-- Role filters and the "role still assigned" check on role deletion.
CREATE INDEX "users_tenant_id_role_id_idx" ON "users" ("tenant_id", "role_id");

ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_fkey"
  FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_fkey"
  FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;
