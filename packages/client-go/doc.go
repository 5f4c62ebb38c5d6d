// Package platform is the Go client of the platform's REST API (/v1).
//
// The operations and their types are generated from the OpenAPI document by oapi-codegen (package
// [github.com/platform-api/platform/packages/client-go/generated]); this package adds what every
// call needs and a document cannot generate:
//
//   - authentication: an OAuth 2 client-credentials token, fetched on first use and renewed before
//     it expires ([WithClientCredentials]), or an API key ([WithAPIKey]);
//   - the tenant header X-Service-Tenant on every call ([WithTenant]);
//   - an Idempotency-Key (a random UUID) on every write, reused by its retries;
//   - retries with exponential backoff and full jitter on 429, 5xx and network errors, honouring
//     Retry-After; a write is retried only when it carries an Idempotency-Key;
//   - a per-attempt timeout ([WithTimeout]) besides the context's deadline;
//   - a [*ProblemError] for every answer of status 400 or more (RFC 9457 problem details);
//   - iteration over every record of a list ([All]), If-Match ([IfMatch]) and the verification
//     of webhook deliveries ([WebhookVerifier]).
//
// A minimal program:
//
//	client, err := platform.NewClient("https://api.example.com",
//		platform.WithClientCredentials(clientID, clientSecret),
//		platform.WithTenant(tenantID))
//	if err != nil { ... }
//	resp, err := client.CustomerWithResponse(ctx, "cus_123", nil)
//	if err != nil { ... } // a *platform.ProblemError for a problem answer
//	fmt.Println(resp.JSON200.Name)
package platform
