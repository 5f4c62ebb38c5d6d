-- Up Migration
-- Governance: enterprise rate limits, client secret rotation, API keys, revoked access tokens.
ALTER TABLE "tenants" ADD COLUMN "rate_limit_per_second" INTEGER, ADD COLUMN "rate_limit_per_minute" INTEGER;

ALTER TABLE "oauth_clients" ADD COLUMN "previous_secret_hash" TEXT, ADD COLUMN "previous_secret_expires_at" TIMESTAMPTZ(3);

CREATE TABLE "api_keys" (
  "tenant_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "prefix" TEXT NOT NULL,
  "secret_hash" TEXT NOT NULL,
  "scopes" TEXT[],
  "created_by" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at" TIMESTAMPTZ(3),
  "revoked_at" TIMESTAMPTZ(3),
  "last_used_at" TIMESTAMPTZ(3),
  "rotated_from_id" TEXT,
  CONSTRAINT "api_keys_pkey" PRIMARY KEY ("tenant_id", "id")
);
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" ("secret_hash");
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_fkey"
  FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "revoked_tokens" (
  "tenant_id" TEXT NOT NULL,
  "jti" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "revoked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "revoked_tokens_pkey" PRIMARY KEY ("tenant_id", "jti")
);
ALTER TABLE "revoked_tokens" ADD CONSTRAINT "revoked_tokens_tenant_id_fkey"
  FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;
