package platform

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/platform-api/platform/packages/client-go/generated"
)

// Version of this library, sent in the default User-Agent.
const Version = "0.1.0"

// Client calls the platform's REST API. It embeds the generated [generated.ClientWithResponses]:
// every operation is a method (client.CreateOrderWithResponse, client.InventoryItemsWithResponse,
// …) whose answer has the decoded body of a success (JSON200, JSON201). An answer of status 400 or
// more is returned as an error, a [*ProblemError].
//
// A Client is safe for concurrent use; make one per tenant and credential and reuse it.
type Client struct {
	*generated.ClientWithResponses

	baseURL    string
	tenant     string
	httpClient *http.Client
	auth       authenticator
}

// NewClient makes a client of the platform at baseURL (such as https://api.example.com, without
// /v1). It needs credentials (exactly one of [WithClientCredentials] and [WithAPIKey]) and a tenant
// ([WithTenant]). Nothing is sent before the first call.
func NewClient(baseURL string, opts ...Option) (*Client, error) {
	cfg := defaultConfig()
	for _, opt := range opts {
		opt(&cfg)
	}
	base, err := url.Parse(baseURL)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("platform: the base URL must be an absolute http(s) URL, got %q", baseURL)
	}
	baseURL = strings.TrimRight(baseURL, "/")
	switch {
	case cfg.credentialsSet == 0:
		return nil, errors.New("platform: credentials are required: WithClientCredentials or WithAPIKey")
	case cfg.credentialsSet > 1:
		return nil, errors.New("platform: give one of WithClientCredentials and WithAPIKey, once")
	case cfg.tenant == "":
		return nil, errors.New("platform: WithTenant is required (the X-Service-Tenant of every request)")
	case cfg.transport == nil:
		return nil, errors.New("platform: WithTransport needs a RoundTripper")
	}

	var auth authenticator
	if cfg.apiKey != "" {
		auth = staticKey(cfg.apiKey)
	} else {
		if cfg.clientID == "" || cfg.clientSecret == "" {
			return nil, errors.New("platform: WithClientCredentials needs a client id and a client secret")
		}
		tokenURL := cfg.tokenURL
		if tokenURL == "" {
			tokenURL = baseURL + TokenPath
		}
		// The token request goes through the same retries and timeouts, without credentials.
		tokenHTTP := &http.Client{Transport: &transport{cfg: &cfg, tokenRequests: true}}
		auth = newClientCredentials(cfg.clientID, cfg.clientSecret, tokenURL, cfg.scopes, cfg.tokenRenewBefore, tokenHTTP)
	}

	httpClient := &http.Client{Transport: &transport{cfg: &cfg, auth: auth}}
	generatedClient, err := generated.NewClientWithResponses(baseURL, generated.WithHTTPClient(problemDoer{httpClient}))
	if err != nil {
		return nil, fmt.Errorf("platform: %w", err)
	}
	return &Client{
		ClientWithResponses: generatedClient,
		baseURL:             baseURL,
		tenant:              cfg.tenant,
		httpClient:          httpClient,
		auth:                auth,
	}, nil
}

// BaseURL is the platform's base URL the client was made with (without a trailing slash).
func (c *Client) BaseURL() string { return c.baseURL }

// Tenant is the tenant id sent as X-Service-Tenant.
func (c *Client) Tenant() string { return c.tenant }

// HTTPClient is the client's authenticated http.Client, for requests the generated operations do
// not cover: it adds the token, the tenant, the Idempotency-Key of writes, retries and timeouts,
// and returns every answer as it is (use [CheckResponse] to turn a problem answer into an error).
func (c *Client) HTTPClient() *http.Client { return c.httpClient }

// AccessToken is the bearer credential the next request will carry: the API key, or the current
// client-credentials access token (fetched or renewed first when needed).
func (c *Client) AccessToken(ctx context.Context) (string, error) {
	return c.auth.token(ctx)
}
