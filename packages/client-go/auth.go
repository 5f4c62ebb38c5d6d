package platform

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// authenticator gives the bearer credential of a request.
type authenticator interface {
	token(ctx context.Context) (string, error)
	// rejected tells that the platform refused this credential (401): a token is fetched again.
	rejected(credential string)
}

type staticKey string

func (k staticKey) token(context.Context) (string, error) { return string(k), nil }
func (staticKey) rejected(string)                         {}

// clientCredentials exchanges the client's id and secret for access tokens (RFC 6749 section 4.4,
// through golang.org/x/oauth2/clientcredentials: form-encoded parameters, which the platform's
// token endpoint accepts beside JSON) and keeps the current one, renewing it renewBefore its
// expiry. Concurrent requests wait for one exchange rather than making one each.
type clientCredentials struct {
	oauth       clientcredentials.Config
	httpClient  *http.Client
	renewBefore time.Duration
	now         func() time.Time

	mu      sync.Mutex
	current string
	renewAt time.Time
	expiry  time.Time
}

func newClientCredentials(id, secret, tokenURL string, scopes []string, renewBefore time.Duration, httpClient *http.Client) *clientCredentials {
	return &clientCredentials{
		oauth: clientcredentials.Config{
			ClientID:     id,
			ClientSecret: secret,
			TokenURL:     tokenURL,
			Scopes:       scopes,
			AuthStyle:    oauth2.AuthStyleInParams,
		},
		httpClient:  httpClient,
		renewBefore: renewBefore,
		now:         time.Now,
	}
}

func (s *clientCredentials) token(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if s.current != "" && now.Before(s.renewAt) {
		return s.current, nil
	}
	fetched, err := s.oauth.Token(context.WithValue(ctx, oauth2.HTTPClient, s.httpClient))
	if err != nil {
		// A failed renewal keeps using a token that has not expired yet.
		if s.current != "" && now.Before(s.expiry) {
			return s.current, nil
		}
		return "", tokenError(err)
	}
	s.current = fetched.AccessToken
	if fetched.Expiry.IsZero() {
		// No expires_in: use the token until the platform refuses it.
		s.expiry = now.Add(100 * 365 * 24 * time.Hour)
		s.renewAt = s.expiry
		return s.current, nil
	}
	s.expiry = fetched.Expiry
	lifetime := fetched.Expiry.Sub(now)
	early := min(s.renewBefore, lifetime/2)
	s.renewAt = fetched.Expiry.Add(-early)
	return s.current, nil
}

func (s *clientCredentials) rejected(credential string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current == credential {
		s.current = ""
	}
}

// tokenError turns a refusal of the token endpoint (RFC 6749 error body) into a *ProblemError whose
// Code is the OAuth error (invalid_client, invalid_scope, …).
func tokenError(err error) error {
	var retrieve *oauth2.RetrieveError
	if !errors.As(err, &retrieve) || retrieve.Response == nil {
		return err
	}
	problem := newProblemError(retrieve.Response, retrieve.Body)
	if problem.Code == "" {
		problem.Code = retrieve.ErrorCode
	}
	if problem.Detail == "" {
		problem.Detail = retrieve.ErrorDescription
	}
	if problem.Title == "" {
		problem.Title = "Token request refused"
	}
	return problem
}
