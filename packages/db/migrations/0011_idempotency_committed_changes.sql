-- Up Migration
-- Edge: the results of the data changes a request holding an Idempotency-Key committed, written
-- in each change's own transaction, so that a retry after a crash answers with them instead of
-- applying the changes again. Cleared once the response is stored.
ALTER TABLE "idempotency_keys" ADD COLUMN "committed_changes" JSONB;
