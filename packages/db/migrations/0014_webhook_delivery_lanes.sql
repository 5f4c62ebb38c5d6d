-- Up Migration
-- Event bus: an endpoint whose receiver answers slowly (or not at all) is delivered to in a lane
-- of its own, so that its attempts never hold the delivery slots other endpoints' deliveries
-- wait for. Set by an attempt that took too long, cleared by one that did not; never shown to
-- clients (it is the platform's scheduling, not the endpoint's configuration).
ALTER TABLE "webhook_endpoints" ADD COLUMN "slow_since" TIMESTAMPTZ(3);
