package platform

import (
	"net/http"
	"time"
)

// Option configures a [Client] made by [NewClient].
type Option func(*config)

// Defaults of the options.
const (
	DefaultTimeout          = 30 * time.Second
	DefaultMaxRetries       = 3
	DefaultInitialBackoff   = 500 * time.Millisecond
	DefaultMaxBackoff       = 30 * time.Second
	DefaultMaxRetryAfter    = 2 * time.Minute
	DefaultTokenRenewBefore = 60 * time.Second
	// TokenPath is where the client-credentials grant is sent, relative to the base URL.
	TokenPath = "/v1/oauth/token"
)

type config struct {
	clientID, clientSecret string
	scopes                 []string
	tokenURL               string
	tokenRenewBefore       time.Duration
	apiKey                 string
	credentialsSet         int

	tenant          string
	timeout         time.Duration
	maxRetries      int
	initialBackoff  time.Duration
	maxBackoff      time.Duration
	maxRetryAfter   time.Duration
	onRetry         func(RetryEvent)
	idempotencyKeys bool
	userAgent       string
	transport       http.RoundTripper
}

func defaultConfig() config {
	return config{
		tokenRenewBefore: DefaultTokenRenewBefore,
		timeout:          DefaultTimeout,
		maxRetries:       DefaultMaxRetries,
		initialBackoff:   DefaultInitialBackoff,
		maxBackoff:       DefaultMaxBackoff,
		maxRetryAfter:    DefaultMaxRetryAfter,
		idempotencyKeys:  true,
		userAgent:        "platform-client-go/" + Version,
		transport:        http.DefaultTransport,
	}
}

// WithClientCredentials authenticates with an OAuth client: the client exchanges its id and secret
// for an access token at POST /v1/oauth/token (client-credentials grant) on first use, and again
// before the token expires (see [WithTokenRenewBefore]).
func WithClientCredentials(clientID, clientSecret string) Option {
	return func(c *config) {
		c.clientID, c.clientSecret = clientID, clientSecret
		c.credentialsSet++
	}
}

// WithScopes asks the token endpoint for these scopes only (default: every scope of the client).
func WithScopes(scopes ...string) Option {
	return func(c *config) { c.scopes = append([]string(nil), scopes...) }
}

// WithTokenURL sends the client-credentials grant to this URL instead of <base URL>/v1/oauth/token.
func WithTokenURL(tokenURL string) Option {
	return func(c *config) { c.tokenURL = tokenURL }
}

// WithTokenRenewBefore renews the access token this long before it expires (default 60 s, at most
// half of the token's lifetime), so that no request is sent with a token about to expire.
func WithTokenRenewBefore(d time.Duration) Option {
	return func(c *config) { c.tokenRenewBefore = d }
}

// WithAPIKey authenticates with an API key (sk_live_… or sk_test_…), sent as a bearer token.
func WithAPIKey(key string) Option {
	return func(c *config) {
		c.apiKey = key
		c.credentialsSet++
	}
}

// WithTenant sets the X-Service-Tenant header of every request (required by every operation but the
// token endpoint). A request that sets the header itself keeps its own value.
func WithTenant(tenantID string) Option {
	return func(c *config) { c.tenant = tenantID }
}

// WithTimeout bounds each attempt of a request (connecting, sending, and reading the answer until
// its body is closed); default 30 s. A context deadline bounds the whole call, retries included.
// Zero or less means no per-attempt timeout.
func WithTimeout(d time.Duration) Option {
	return func(c *config) { c.timeout = d }
}

// WithMaxRetries sets how many times a failed attempt is retried (default 3, so at most 4
// attempts); 0 disables retries.
func WithMaxRetries(n int) Option {
	return func(c *config) {
		if n < 0 {
			n = 0
		}
		c.maxRetries = n
	}
}

// WithBackoff sets the exponential backoff between retries: before retry n (from 0) the client
// waits a random duration in [0, min(max, initial·2ⁿ)) ("full jitter"). With a Retry-After header
// it waits Retry-After plus that random duration. Defaults: 500 ms and 30 s.
func WithBackoff(initial, max time.Duration) Option {
	return func(c *config) { c.initialBackoff, c.maxBackoff = initial, max }
}

// WithMaxRetryAfter is the longest Retry-After the client waits for (default 2 minutes); an answer
// asking for a longer wait is returned as it is (a *ProblemError with status 429 or 503).
func WithMaxRetryAfter(d time.Duration) Option {
	return func(c *config) { c.maxRetryAfter = d }
}

// WithOnRetry calls fn before each retry (after the failed attempt, before waiting), for logging
// or metrics. fn runs on the goroutine of the request (so concurrently for concurrent requests)
// and must not block.
func WithOnRetry(fn func(RetryEvent)) Option {
	return func(c *config) { c.onRetry = fn }
}

// WithIdempotencyKeys turns the automatic Idempotency-Key of writes on (the default) or off. Off,
// a write is sent with a key only when the caller gives one ([IdempotencyKey]), and a write
// without a key is never retried.
func WithIdempotencyKeys(enabled bool) Option {
	return func(c *config) { c.idempotencyKeys = enabled }
}

// WithUserAgent sets the User-Agent header (default platform-client-go/<version>).
func WithUserAgent(userAgent string) Option {
	return func(c *config) { c.userAgent = userAgent }
}

// WithTransport sends the requests through this RoundTripper (default http.DefaultTransport), for
// proxies, TLS settings or instrumentation. The client's retries, headers and timeouts wrap it.
func WithTransport(rt http.RoundTripper) Option {
	return func(c *config) { c.transport = rt }
}
