package platform

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/platform-api/platform/packages/client-go/generated"
)

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func newOrderInput() generated.CreateOrderInput {
	return generated.CreateOrderInput{CustomerID: "cus_1", Kind: generated.OrderKindSales, ExternalReference: Ptr("ext-1")}
}

func TestNewClientRefusesIncompleteConfiguration(t *testing.T) {
	cases := map[string][]Option{
		"no credentials":   {WithTenant("ten_1")},
		"two credentials":  {WithTenant("ten_1"), WithAPIKey("sk_test_1"), WithClientCredentials("cli", "secret")},
		"no tenant":        {WithAPIKey("sk_test_1")},
		"no client secret": {WithTenant("ten_1"), WithClientCredentials("cli", "")},
	}
	for name, opts := range cases {
		if _, err := NewClient("http://127.0.0.1:1", opts...); err == nil {
			t.Errorf("%s: NewClient accepted it", name)
		}
	}
	if _, err := NewClient("not a url", WithAPIKey("k"), WithTenant("t")); err == nil {
		t.Error("NewClient accepted a relative base URL")
	}
}

// The client-credentials token is fetched once, sent with the tenant on every call, and renewed
// before it expires (not after a 401).
func TestTokenIsReusedAndRenewedBeforeExpiry(t *testing.T) {
	f := newFakePlatform(t)
	f.expiresIn.Store(3600)
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	c := f.client(WithTokenRenewBefore(5 * time.Minute))
	source := c.auth.(*clientCredentials)
	clock := time.Now()
	source.now = func() time.Time { return clock }
	ctx := context.Background()

	for range 2 {
		resp, err := c.OrderWithResponse(ctx, "ord_1", nil)
		if err != nil || resp.JSON200 == nil || resp.JSON200.ID != "ord_1" {
			t.Fatalf("order: %v %+v", err, resp)
		}
	}
	calls := f.calls("/v1/crm/orders/ord_1")
	for _, call := range calls {
		if got := call.Header.Get("Authorization"); got != "Bearer token-1" {
			t.Errorf("Authorization = %q, want the first token", got)
		}
		if got := call.Header.Get("X-Service-Tenant"); got != "ten_test" {
			t.Errorf("X-Service-Tenant = %q", got)
		}
	}
	if n := f.tokens.Load(); n != 1 {
		t.Fatalf("%d token requests for two calls, want 1", n)
	}
	tokenCall := f.calls("/v1/oauth/token")[0]
	if ct := tokenCall.Header.Get("Content-Type"); ct != "application/x-www-form-urlencoded" {
		t.Errorf("token request Content-Type = %q", ct)
	}

	// 56 minutes later the token has 4 minutes left, less than the 5 minutes of renewal margin.
	clock = clock.Add(56 * time.Minute)
	if _, err := c.OrderWithResponse(ctx, "ord_1", nil); err != nil {
		t.Fatal(err)
	}
	calls = f.calls("/v1/crm/orders/ord_1")
	if got := calls[len(calls)-1].Header.Get("Authorization"); got != "Bearer token-2" {
		t.Errorf("after 56 minutes Authorization = %q, want the renewed token-2", got)
	}
	if n := f.tokens.Load(); n != 2 {
		t.Errorf("%d token requests, want 2", n)
	}
}

// The renewal margin is at most half the token's lifetime, so short-lived tokens are still reused.
func TestShortLivedTokenIsRenewedAtHalfLife(t *testing.T) {
	f := newFakePlatform(t)
	f.expiresIn.Store(4)
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	c := f.client() // default margin 60 s, more than the 4 s lifetime
	ctx := context.Background()
	for range 3 {
		if _, err := c.OrderWithResponse(ctx, "ord_1", nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.tokens.Load(); n != 1 {
		t.Fatalf("%d token requests for three quick calls, want 1", n)
	}
	time.Sleep(2100 * time.Millisecond)
	if _, err := c.OrderWithResponse(ctx, "ord_1", nil); err != nil {
		t.Fatal(err)
	}
	if n := f.tokens.Load(); n != 2 {
		t.Fatalf("%d token requests after half the lifetime, want 2", n)
	}
}

func TestConcurrentFirstCallsShareOneTokenRequest(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	c := f.client()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := c.OrderWithResponse(context.Background(), "ord_1", nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := f.tokens.Load(); n != 1 {
		t.Errorf("%d token requests, want 1", n)
	}
}

func TestRefusedTokenRequestIsAProblemError(t *testing.T) {
	f := newFakePlatform(t)
	c, err := NewClient(f.URL, WithClientCredentials("cli_test", "wrong"), WithTenant("ten_test"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.OrderWithResponse(context.Background(), "ord_1", nil)
	var problem *ProblemError
	if !errors.As(err, &problem) || problem.Status != 401 || problem.Code != "invalid_client" || problem.Detail != "Unknown client or wrong secret." {
		t.Fatalf("err = %#v, want a 401 invalid_client problem", err)
	}
}

func TestUnauthorizedAnswerDropsTheToken(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			writeProblem(w, http.StatusUnauthorized, "invalid_token", nil)
			return
		}
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	c := f.client()
	if _, err := c.OrderWithResponse(context.Background(), "ord_1", nil); !HasCode(err, "invalid_token") {
		t.Fatalf("err = %v, want invalid_token", err)
	}
	if _, err := c.OrderWithResponse(context.Background(), "ord_1", nil); err != nil {
		t.Fatal(err)
	}
	if n := f.tokens.Load(); n != 2 {
		t.Errorf("%d token requests, want a new token after the 401", n)
	}
}

func TestAPIKeyIsSentAsBearer(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	c, err := NewClient(f.URL+"/", WithAPIKey("sk_test_abc"), WithTenant("ten_key"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.OrderWithResponse(context.Background(), "ord_1", nil); err != nil {
		t.Fatal(err)
	}
	call := f.calls("/v1/crm/orders/ord_1")[0]
	if call.Header.Get("Authorization") != "Bearer sk_test_abc" || call.Header.Get("X-Service-Tenant") != "ten_key" {
		t.Errorf("headers = %v", call.Header)
	}
	if f.tokens.Load() != 0 {
		t.Error("an API key client asked for a token")
	}
	if !strings.HasPrefix(call.Header.Get("User-Agent"), "platform-client-go/") {
		t.Errorf("User-Agent = %q", call.Header.Get("User-Agent"))
	}
}

func TestRetriesA429AfterRetryAfter(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			writeProblem(w, http.StatusTooManyRequests, "rate_limited", nil)
			return
		}
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	var events []RetryEvent
	c := f.client(WithOnRetry(func(e RetryEvent) { events = append(events, e) }))
	start := time.Now()
	resp, err := c.OrderWithResponse(context.Background(), "ord_1", nil)
	if err != nil || resp.JSON200 == nil {
		t.Fatalf("err = %v", err)
	}
	attempts := f.calls("/v1/crm/orders/ord_1")
	if len(attempts) != 2 {
		t.Fatalf("%d attempts, want 2", len(attempts))
	}
	if gap := attempts[1].At.Sub(attempts[0].At); gap < time.Second {
		t.Errorf("retried after %v, before the Retry-After of 1 s", gap)
	}
	if elapsed := time.Since(start); elapsed > 3*time.Second {
		t.Errorf("took %v", elapsed)
	}
	if len(events) != 1 || events[0].StatusCode != 429 || events[0].RetryAfter != time.Second || events[0].Wait < time.Second || events[0].Attempt != 1 {
		t.Errorf("retry events = %+v", events)
	}
}

func TestRetriesA503ThenSucceeds(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) <= 2 {
			writeProblem(w, http.StatusServiceUnavailable, "service_unavailable", nil)
			return
		}
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	var retries atomic.Int64
	c := f.client(WithOnRetry(func(RetryEvent) { retries.Add(1) }))
	if _, err := c.OrderWithResponse(context.Background(), "ord_1", nil); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 3 || retries.Load() != 2 {
		t.Errorf("%d attempts and %d retries, want 3 and 2", calls.Load(), retries.Load())
	}
}

func TestGivesUpAfterMaxRetries(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.WriteHeader(http.StatusBadGateway)
		_, _ = w.Write([]byte("<html>bad gateway</html>"))
	})
	c := f.client(WithMaxRetries(2))
	_, err := c.OrderWithResponse(context.Background(), "ord_1", nil)
	var problem *ProblemError
	if !errors.As(err, &problem) || problem.Status != 502 || problem.Code != "" || !strings.Contains(problem.Detail, "bad gateway") {
		t.Fatalf("err = %#v", err)
	}
	if calls.Load() != 3 {
		t.Errorf("%d attempts, want 1 + 2 retries", calls.Load())
	}
}

func TestRetriesANetworkError(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			loseAnswer(t, w)
			return
		}
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 1))
	})
	var events []RetryEvent
	// An API key: no token request before, so the read goes on a fresh connection (net/http itself
	// resends a read whose kept-alive connection failed; this test is about the client's retries).
	c, err := NewClient(f.URL, WithAPIKey("sk_test_1"), WithTenant("ten_test"), WithBackoff(time.Millisecond, time.Millisecond),
		WithOnRetry(func(e RetryEvent) { events = append(events, e) }))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.OrderWithResponse(context.Background(), "ord_1", nil); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 2 || len(events) != 1 || events[0].Err == nil || events[0].StatusCode != 0 {
		t.Fatalf("%d attempts, events %+v", calls.Load(), events)
	}
	var timeout *TimeoutError
	if errors.As(events[0].Err, &timeout) {
		t.Errorf("a lost connection reported as a timeout: %v", events[0].Err)
	}
}

// A write whose answer is lost is retried with the same Idempotency-Key and the same body, so
// the platform replays the first outcome instead of creating a second order.
func TestIdempotencyKeyIsReusedAcrossRetries(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("POST /v1/crm/orders", func(w http.ResponseWriter, r *http.Request) {
		switch calls.Add(1) {
		case 1:
			loseAnswer(t, w)
		case 2:
			writeProblem(w, http.StatusConflict, "idempotency_key_in_use", nil)
		default:
			w.Header().Set("Idempotent-Replayed", "true")
			writeJSON(w, http.StatusCreated, order("ord_9", 1))
		}
	})
	var events []RetryEvent
	c := f.client(WithOnRetry(func(e RetryEvent) { events = append(events, e) }))
	resp, err := c.CreateOrderWithResponse(context.Background(), nil, newOrderInput())
	if err != nil || resp.JSON201 == nil || resp.JSON201.ID != "ord_9" {
		t.Fatalf("create: %v", err)
	}
	attempts := f.calls("/v1/crm/orders")
	if len(attempts) != 3 {
		t.Fatalf("%d attempts, want 3", len(attempts))
	}
	key := attempts[0].Header.Get("Idempotency-Key")
	if !uuidV4.MatchString(key) {
		t.Fatalf("Idempotency-Key %q is not a UUID v4", key)
	}
	for i, attempt := range attempts {
		if attempt.Header.Get("Idempotency-Key") != key {
			t.Errorf("attempt %d has key %q, want %q", i+1, attempt.Header.Get("Idempotency-Key"), key)
		}
		if attempt.Body != attempts[0].Body || !strings.Contains(attempt.Body, `"external_reference":"ext-1"`) {
			t.Errorf("attempt %d body %q differs from %q", i+1, attempt.Body, attempts[0].Body)
		}
	}
	if len(events) != 2 || events[0].IdempotencyKey != key || events[1].StatusCode != http.StatusConflict {
		t.Errorf("retry events = %+v", events)
	}

	// Another write gets another key.
	if _, err := c.CreateOrderWithResponse(context.Background(), nil, newOrderInput()); err != nil {
		t.Fatal(err)
	}
	attempts = f.calls("/v1/crm/orders")
	if next := attempts[len(attempts)-1].Header.Get("Idempotency-Key"); next == key || !uuidV4.MatchString(next) {
		t.Errorf("second write key %q (first %q)", next, key)
	}
}

func TestCallerIdempotencyKeyIsKept(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("POST /v1/crm/orders", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusCreated, order("ord_1", 1))
	})
	c := f.client()
	if _, err := c.CreateOrderWithResponse(context.Background(), nil, newOrderInput(), IdempotencyKey("my-key-1")); err != nil {
		t.Fatal(err)
	}
	if got := f.calls("/v1/crm/orders")[0].Header.Get("Idempotency-Key"); got != "my-key-1" {
		t.Errorf("Idempotency-Key = %q", got)
	}
}

func TestWriteWithoutKeyIsNotRetried(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("POST /v1/crm/orders", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			writeProblem(w, http.StatusServiceUnavailable, "service_unavailable", nil)
			return
		}
		loseAnswer(t, w)
	})
	for name, c := range map[string]struct {
		client  *Client
		editors []generated.RequestEditorFn
	}{
		"client without automatic keys": {f.client(WithIdempotencyKeys(false)), nil},
		"NoIdempotencyKey editor":       {f.client(), []generated.RequestEditorFn{NoIdempotencyKey()}},
	} {
		calls.Store(0)
		before := len(f.calls("/v1/crm/orders"))
		_, err := c.client.CreateOrderWithResponse(context.Background(), nil, newOrderInput(), c.editors...)
		if !HasCode(err, "service_unavailable") {
			t.Errorf("%s: err = %v, want the 503", name, err)
		}
		// A lost answer is not retried either.
		if _, err := c.client.CreateOrderWithResponse(context.Background(), nil, newOrderInput(), c.editors...); err == nil {
			t.Errorf("%s: a lost answer succeeded", name)
		}
		attempts := f.calls("/v1/crm/orders")[before:]
		if len(attempts) != 2 {
			t.Errorf("%s: %d attempts for two writes, want 2 (no retry)", name, len(attempts))
		}
		for _, attempt := range attempts {
			if key := attempt.Header.Get("Idempotency-Key"); key != "" {
				t.Errorf("%s: sent Idempotency-Key %q", name, key)
			}
		}
	}
}

func TestProblemErrorIsTyped(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("POST /v1/crm/orders", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, http.StatusUnprocessableEntity, "rule_violation", map[string]any{
			"errors":     []any{map[string]any{"field": "customer_id", "message": "No such customer."}},
			"limit":      "orders",
			"extra_list": []int{1, 2},
		})
	})
	c := f.client()
	_, err := c.CreateOrderWithResponse(context.Background(), nil, newOrderInput())
	var problem *ProblemError
	if !errors.As(err, &problem) {
		t.Fatalf("err = %#v, want a *ProblemError", err)
	}
	if problem.Status != 422 || problem.Code != "rule_violation" || problem.Title != "rule_violation" || problem.Detail != "detail of rule_violation" ||
		problem.RequestID != "req_test123" || problem.Type != "/docs/errors#rule_violation" || problem.Instance != "/v1/somewhere" {
		t.Errorf("problem = %+v", problem)
	}
	if len(problem.Errors) != 1 || problem.Errors[0] != (FieldError{Field: "customer_id", Message: "No such customer."}) {
		t.Errorf("errors = %+v", problem.Errors)
	}
	var limit string
	var extra []int
	if !problem.Member("limit", &limit) || limit != "orders" || !problem.Member("extra_list", &extra) || len(extra) != 2 {
		t.Errorf("extension members: %q %v (raw %v)", limit, extra, problem.Raw)
	}
	if !strings.Contains(problem.Error(), "422 rule_violation") || !strings.Contains(problem.Error(), "req_test123") {
		t.Errorf("Error() = %q", problem.Error())
	}
	if len(f.calls("/v1/crm/orders")) != 1 {
		t.Error("a 422 was retried")
	}
}

func TestPaginationWalksEveryPage(t *testing.T) {
	f := newFakePlatform(t)
	const total = 25
	f.mux.HandleFunc("GET /v1/inventory/items", func(w http.ResponseWriter, r *http.Request) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		perPage, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
		var data []map[string]any
		for i := (page-1)*perPage + 1; i <= min(page*perPage, total); i++ {
			data = append(data, map[string]any{"id": skuOf(i), "name": "Item", "warehouse_id": r.URL.Query().Get("warehouse_id")})
		}
		var next any
		if page*perPage < total {
			next = "cursor"
		}
		writeJSON(w, http.StatusOK, map[string]any{"data": data, "meta": map[string]any{"total": total, "page": page, "per_page": perPage, "next_cursor": next}})
	})
	c := f.client()
	params := generated.InventoryItemsParams{WarehouseID: Ptr("wh_1"), PerPage: Ptr[int32](10)}
	fetch := func(ctx context.Context, page int32) ([]generated.InventoryItem, generated.PageMeta, error) {
		params.Page = &page
		resp, err := c.InventoryItemsWithResponse(ctx, &params)
		if err != nil {
			return nil, generated.PageMeta{}, err
		}
		return resp.JSON200.Data, resp.JSON200.Meta, nil
	}
	var ids []string
	for item, err := range All(context.Background(), fetch) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, item.ID)
	}
	if len(ids) != total || ids[0] != skuOf(1) || ids[total-1] != skuOf(total) {
		t.Fatalf("ids = %v", ids)
	}
	calls := f.calls("/v1/inventory/items")
	if len(calls) != 3 {
		t.Fatalf("%d page requests, want 3", len(calls))
	}
	for i, call := range calls {
		if want := "page=" + string(rune('1'+i)); !strings.Contains(call.Query, want) || !strings.Contains(call.Query, "per_page=10") || !strings.Contains(call.Query, "warehouse_id=wh_1") {
			t.Errorf("page request %d query %q", i+1, call.Query)
		}
	}

	// Stopping early fetches no further page.
	for range All(context.Background(), fetch) {
		break
	}
	if n := len(f.calls("/v1/inventory/items")); n != 4 {
		t.Errorf("%d page requests after a break on the first item, want 4", n)
	}
	all, err := Collect(context.Background(), fetch)
	if err != nil || len(all) != total {
		t.Errorf("Collect: %d records, %v", len(all), err)
	}
}

func TestPaginationYieldsTheErrorOnce(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("GET /v1/inventory/items", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, http.StatusForbidden, "insufficient_scope", map[string]any{"required_scope": "inventory:read"})
	})
	c := f.client()
	var errs []error
	for _, err := range All(context.Background(), func(ctx context.Context, page int32) ([]generated.InventoryItem, generated.PageMeta, error) {
		resp, err := c.InventoryItemsWithResponse(ctx, &generated.InventoryItemsParams{Page: &page})
		if err != nil {
			return nil, generated.PageMeta{}, err
		}
		return resp.JSON200.Data, resp.JSON200.Meta, nil
	}) {
		errs = append(errs, err)
	}
	if len(errs) != 1 || !HasCode(errs[0], "insufficient_scope") {
		t.Errorf("errors = %v", errs)
	}
}

func TestIfMatchIsSentAndAStaleVersionIsA412(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("PATCH /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-Match") != `"4"` {
			writeProblem(w, http.StatusPreconditionFailed, "precondition_failed", map[string]any{"current_version": 4})
			return
		}
		w.Header().Set("ETag", `"5"`)
		writeJSON(w, http.StatusOK, order(r.PathValue("id"), 5))
	})
	c := f.client()
	ctx := context.Background()
	body := generated.UpdateOrderInput{Notes: Ptr("rush")}

	_, err := c.UpdateOrderWithResponse(ctx, "ord_1", nil, body, IfMatch(3))
	var problem *ProblemError
	if !errors.As(err, &problem) || problem.Status != 412 || problem.Code != "precondition_failed" || problem.RequestID == "" {
		t.Fatalf("err = %#v", err)
	}
	var current int
	if !problem.Member("current_version", &current) || current != 4 {
		t.Errorf("current_version = %d", current)
	}
	resp, err := c.UpdateOrderWithResponse(ctx, "ord_1", nil, body, IfMatch(int32(4)))
	if err != nil || resp.JSON200.Version != 5 || ETag(resp.HTTPResponse) != `"5"` {
		t.Fatalf("update: %v", err)
	}
	// The generated If-Match parameter works as well.
	if _, err := c.UpdateOrderWithResponse(ctx, "ord_1", &generated.UpdateOrderParams{IfMatch: Ptr(`"4"`)}, body); err != nil {
		t.Fatal(err)
	}
	calls := f.calls("/v1/crm/orders/ord_1")
	if len(calls) != 3 || calls[0].Header.Get("If-Match") != `"3"` || calls[1].Header.Get("If-Match") != `"4"` {
		t.Errorf("If-Match headers: %q %q (%d calls)", calls[0].Header.Get("If-Match"), calls[1].Header.Get("If-Match"), len(calls))
	}
}

func TestPerAttemptTimeout(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	c := f.client(WithTimeout(200*time.Millisecond), WithMaxRetries(1))
	start := time.Now()
	_, err := c.OrderWithResponse(context.Background(), "ord_1", nil)
	elapsed := time.Since(start)
	var timeout *TimeoutError
	if !errors.As(err, &timeout) || !errors.Is(err, context.DeadlineExceeded) || timeout.After != 200*time.Millisecond {
		t.Fatalf("err = %#v, want a *TimeoutError", err)
	}
	if calls.Load() != 2 {
		t.Errorf("%d attempts, want 2 (a timed-out read is retried)", calls.Load())
	}
	if elapsed < 400*time.Millisecond || elapsed > 2*time.Second {
		t.Errorf("took %v for two attempts of 200 ms", elapsed)
	}
}

func TestContextDeadlineStopsRetries(t *testing.T) {
	f := newFakePlatform(t)
	var calls atomic.Int64
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "5")
		writeProblem(w, http.StatusServiceUnavailable, "service_unavailable", nil)
	})
	c := f.client()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.OrderWithResponse(ctx, "ord_1", nil)
	if !HasCode(err, "service_unavailable") || time.Since(start) > 500*time.Millisecond || calls.Load() != 1 {
		t.Errorf("err = %v after %v and %d attempts: a retry that cannot finish before the deadline is not attempted", err, time.Since(start), calls.Load())
	}
}

func TestRetryAfterBeyondTheMaximumIsNotWaited(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("GET /v1/crm/orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		writeProblem(w, http.StatusTooManyRequests, "rate_limited", nil)
	})
	c := f.client()
	start := time.Now()
	_, err := c.OrderWithResponse(context.Background(), "ord_1", nil)
	var problem *ProblemError
	if !errors.As(err, &problem) || problem.Status != 429 || problem.Header.Get("Retry-After") != "3600" || time.Since(start) > time.Second {
		t.Errorf("err = %v", err)
	}
}

func TestHTTPClientForOtherRequests(t *testing.T) {
	f := newFakePlatform(t)
	f.mux.HandleFunc("GET /v1/custom", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, http.StatusNotFound, "not_found", nil)
	})
	c := f.client()
	req, _ := http.NewRequest(http.MethodGet, c.BaseURL()+"/v1/custom", nil)
	resp, err := c.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckResponse(resp); !HasCode(err, "not_found") {
		t.Errorf("CheckResponse = %v", err)
	}
	if got := f.calls("/v1/custom")[0].Header.Get("Authorization"); got != "Bearer token-1" {
		t.Errorf("Authorization = %q", got)
	}
}

func skuOf(i int) string { return fmt.Sprintf("SKU-%02d", i) }
