package platform

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakePlatform is a real HTTP server on loopback that plays the platform: its token endpoint
// issues numbered tokens, and each test routes the other paths to its own handler.
type fakePlatform struct {
	*httptest.Server
	t         *testing.T
	mux       *http.ServeMux
	expiresIn atomic.Int64
	tokens    atomic.Int64

	mu       sync.Mutex
	requests []recorded
}

type recorded struct {
	Method, Path, Query string
	Header              http.Header
	Body                string
	At                  time.Time
}

func newFakePlatform(t *testing.T) *fakePlatform {
	t.Helper()
	f := &fakePlatform{t: t, mux: http.NewServeMux()}
	f.expiresIn.Store(3600)
	f.mux.HandleFunc("POST /v1/oauth/token", func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "client_credentials" {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_request", "error_description": "bad grant"})
			return
		}
		if r.PostForm.Get("client_id") != "cli_test" || r.PostForm.Get("client_secret") != "secret" {
			w.Header().Set("WWW-Authenticate", `Basic realm="platform"`)
			writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client", "error_description": "Unknown client or wrong secret."})
			return
		}
		n := f.tokens.Add(1)
		writeJSON(w, http.StatusOK, map[string]any{"access_token": fmt.Sprintf("token-%d", n), "token_type": "Bearer", "expires_in": f.expiresIn.Load(), "scope": "crm:read crm:write"})
	})
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.requests = append(f.requests, recorded{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: string(body), At: time.Now()})
		f.mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		f.mux.ServeHTTP(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

// calls are the recorded requests to path (every method), in order.
func (f *fakePlatform) calls(path string) []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []recorded
	for _, r := range f.requests {
		if r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

// client makes a Client of the fake platform with fast backoff; opts override.
func (f *fakePlatform) client(opts ...Option) *Client {
	f.t.Helper()
	all := append([]Option{
		WithClientCredentials("cli_test", "secret"),
		WithTenant("ten_test"),
		WithBackoff(time.Millisecond, 10*time.Millisecond),
	}, opts...)
	c, err := NewClient(f.URL, all...)
	if err != nil {
		f.t.Fatalf("NewClient: %v", err)
	}
	return c
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

func writeProblem(w http.ResponseWriter, status int, code string, extra map[string]any) {
	problem := map[string]any{
		"type": "/docs/errors#" + code, "title": code, "status": status, "detail": "detail of " + code,
		"instance": "/v1/somewhere", "code": code, "request_id": "req_test123",
	}
	for k, v := range extra {
		problem[k] = v
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("X-Request-Id", "req_test123")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(problem)
}

// loseAnswer closes the connection without answering (a network error for the client).
func loseAnswer(t *testing.T, w http.ResponseWriter) {
	hijacker, ok := w.(http.Hijacker)
	if !ok {
		t.Fatal("the test server cannot hijack")
	}
	conn, _, err := hijacker.Hijack()
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.Close()
}

func order(id string, version int) map[string]any {
	return map[string]any{
		"id": id, "number": "SO-1", "kind": "sales", "status": "draft", "customer_id": "cus_1", "currency": "EUR",
		"lines": []any{}, "subtotal": 0, "tax_total": 0, "total": 0, "version": version,
		"created_at": "2026-11-26T10:00:00.000Z", "updated_at": "2026-11-26T10:00:00.000Z",
	}
}
