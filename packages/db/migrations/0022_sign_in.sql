-- Sign-in for users (the operations console): a password hashed with Argon2id, an optional TOTP
-- second factor (its secret sealed with the platform's secrets key), lockout after repeated
-- failures, server-side sessions (the cookie holds a random token; only its SHA-256 is stored),
-- one-time tokens (invitation, password reset, TOTP challenge; hashed) and a tenant's OpenID
-- Connect identity provider (its client secret sealed).
ALTER TABLE "users"
  ADD COLUMN "password_hash" TEXT,
  ADD COLUMN "password_changed_at" TIMESTAMPTZ(3),
  ADD COLUMN "totp_secret_sealed" TEXT,
  ADD COLUMN "totp_enabled_at" TIMESTAMPTZ(3),
  ADD COLUMN "totp_last_step" BIGINT,
  ADD COLUMN "failed_sign_ins" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "locked_until" TIMESTAMPTZ(3),
  ADD COLUMN "last_sign_in_at" TIMESTAMPTZ(3);

CREATE TABLE "user_sessions" (
  "id" TEXT NOT NULL,
  "tenant_id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "token_hash" TEXT NOT NULL,
  "method" TEXT NOT NULL,
  "client_address" TEXT,
  "user_agent" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "revoked_at" TIMESTAMPTZ(3),
  CONSTRAINT "user_sessions_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "user_sessions_user_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "user_sessions_token_hash_key" ON "user_sessions" ("token_hash");
CREATE INDEX "user_sessions_tenant_id_user_id_idx" ON "user_sessions" ("tenant_id", "user_id");

CREATE TABLE "user_tokens" (
  "id" TEXT NOT NULL,
  "tenant_id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "purpose" TEXT NOT NULL,
  "token_hash" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  CONSTRAINT "user_tokens_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "user_tokens_purpose_check" CHECK ("purpose" IN ('invitation', 'password_reset', 'totp_challenge')),
  CONSTRAINT "user_tokens_user_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users" ("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "user_tokens" ("token_hash");
CREATE INDEX "user_tokens_tenant_id_user_id_purpose_idx" ON "user_tokens" ("tenant_id", "user_id", "purpose");

CREATE TABLE "identity_providers" (
  "tenant_id" TEXT NOT NULL,
  "issuer" TEXT NOT NULL,
  "client_id" TEXT NOT NULL,
  "client_secret_sealed" TEXT NOT NULL,
  "display_name" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "identity_providers_pkey" PRIMARY KEY ("tenant_id"),
  CONSTRAINT "identity_providers_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
