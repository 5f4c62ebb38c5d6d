//go:build smoke

// The smoke test of the Go client against a real platform (run by test/clients/go-client.test.ts,
// which starts one and sets the PLATFORM_* variables):
//
//	PLATFORM_URL=… go test -tags smoke ./smoke/... -count=1 -v
package smoke

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	platform "github.com/platform-api/platform/packages/client-go"
	"github.com/platform-api/platform/packages/client-go/generated"
)

type environment struct {
	url, tenant, clientID, clientSecret           string
	warehouse, item, customer                     string
	throttledTenant, throttledID, throttledSecret string
	flakyURL, webhookHost                         string
}

func readEnvironment(t *testing.T) environment {
	if os.Getenv("PLATFORM_URL") == "" {
		t.Skip("PLATFORM_URL is not set: the smoke test needs a running platform (see test/clients/go-client.test.ts)")
	}
	get := func(name string) string {
		value := os.Getenv(name)
		if value == "" {
			t.Fatalf("%s is not set", name)
		}
		return value
	}
	return environment{
		url: get("PLATFORM_URL"), tenant: get("PLATFORM_TENANT_ID"), clientID: get("PLATFORM_CLIENT_ID"), clientSecret: get("PLATFORM_CLIENT_SECRET"),
		warehouse: get("PLATFORM_WAREHOUSE_ID"), item: get("PLATFORM_ITEM_ID"), customer: get("PLATFORM_CUSTOMER_ID"),
		throttledTenant: get("PLATFORM_THROTTLED_TENANT_ID"), throttledID: get("PLATFORM_THROTTLED_CLIENT_ID"), throttledSecret: get("PLATFORM_THROTTLED_CLIENT_SECRET"),
		flakyURL: get("PLATFORM_FLAKY_URL"), webhookHost: get("PLATFORM_WEBHOOK_HOST"),
	}
}

// retryLog counts and logs the client's retries (WithOnRetry).
type retryLog struct {
	t     *testing.T
	name  string
	count atomic.Int64
}

func (r *retryLog) option() platform.Option {
	return platform.WithOnRetry(func(e platform.RetryEvent) {
		r.count.Add(1)
		r.t.Logf("%s: retrying %s %s after attempt %d (status %d, error %v, Retry-After %v, key %q), waiting %v",
			r.name, e.Method, e.URL, e.Attempt, e.StatusCode, e.Err, e.RetryAfter, e.IdempotencyKey, e.Wait)
	})
}

func newOrder(env environment, reference string) generated.CreateOrderInput {
	return generated.CreateOrderInput{
		CustomerID:        env.customer,
		Kind:              generated.OrderKindSales,
		ExternalReference: platform.Ptr(reference),
		Lines:             &[]generated.OrderLineInput{{ItemID: env.item, Quantity: 1, UnitPrice: 1999}},
	}
}

func ordersOfCustomer(client *platform.Client, customer string) platform.PageFunc[generated.Order] {
	params := generated.OrdersParams{CustomerID: &customer, PerPage: platform.Ptr[int32](100)}
	return func(ctx context.Context, page int32) ([]generated.Order, generated.PageMeta, error) {
		params.Page = &page
		resp, err := client.OrdersWithResponse(ctx, &params)
		if err != nil {
			return nil, generated.PageMeta{}, err
		}
		return resp.JSON200.Data, resp.JSON200.Meta, nil
	}
}

func TestSmoke(t *testing.T) {
	env := readEnvironment(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	retries := &retryLog{t: t, name: "client"}
	client, err := platform.NewClient(env.url, platform.WithClientCredentials(env.clientID, env.clientSecret), platform.WithTenant(env.tenant), retries.option())
	if err != nil {
		t.Fatal(err)
	}
	runID := fmt.Sprintf("%d", time.Now().UnixNano())

	t.Run("1 token via client credentials", func(t *testing.T) {
		token, err := client.AccessToken(ctx)
		if err != nil {
			t.Fatalf("token exchange: %v", err)
		}
		if strings.Count(token, ".") != 2 {
			t.Fatalf("the access token is not a JWT: %q", token)
		}
		again, _ := client.AccessToken(ctx)
		if again != token {
			t.Error("the token was not reused")
		}
	})

	t.Run("2 list every item of a warehouse, 10 per page", func(t *testing.T) {
		params := generated.InventoryItemsParams{WarehouseID: &env.warehouse, PerPage: platform.Ptr[int32](10)}
		pages := 0
		var ids []string
		for item, err := range platform.All(ctx, func(ctx context.Context, page int32) ([]generated.InventoryItem, generated.PageMeta, error) {
			pages++
			params.Page = &page
			resp, err := client.InventoryItemsWithResponse(ctx, &params)
			if err != nil {
				return nil, generated.PageMeta{}, err
			}
			return resp.JSON200.Data, resp.JSON200.Meta, nil
		}) {
			if err != nil {
				t.Fatal(err)
			}
			if item.WarehouseID != env.warehouse {
				t.Errorf("item %s of warehouse %s", item.ID, item.WarehouseID)
			}
			ids = append(ids, item.ID)
		}
		var want []string
		for i := 1; i <= 25; i++ {
			want = append(want, fmt.Sprintf("SMOKE-%02d", i))
		}
		if !slices.Equal(ids, want) {
			t.Fatalf("items = %v, want SMOKE-01…SMOKE-25", ids)
		}
		if pages != 3 {
			t.Errorf("%d pages fetched, want 3", pages)
		}
		t.Logf("%d items over %d pages", len(ids), pages)
	})

	var order *generated.Order
	t.Run("3 create an order through a proxy that loses the first answer", func(t *testing.T) {
		flakyRetries := &retryLog{t: t, name: "flaky"}
		flaky, err := platform.NewClient(env.flakyURL, platform.WithClientCredentials(env.clientID, env.clientSecret), platform.WithTenant(env.tenant), flakyRetries.option())
		if err != nil {
			t.Fatal(err)
		}
		reference := "smoke-go-" + runID
		resp, err := flaky.CreateOrderWithResponse(ctx, nil, newOrder(env, reference))
		if err != nil {
			t.Fatalf("create order: %v", err)
		}
		if resp.StatusCode() != http.StatusCreated || resp.JSON201 == nil {
			t.Fatalf("create order answered %d", resp.StatusCode())
		}
		order = resp.JSON201
		if flakyRetries.count.Load() < 1 {
			t.Errorf("the order was created without a retry: the proxy did not lose the answer?")
		}
		t.Logf("order %s created after %d retries (Idempotent-Replayed: %q)", order.ID, flakyRetries.count.Load(), resp.HTTPResponse.Header.Get("Idempotent-Replayed"))
		var matching []string
		for listed, err := range platform.All(ctx, ordersOfCustomer(client, env.customer)) {
			if err != nil {
				t.Fatal(err)
			}
			if listed.ExternalReference != nil && *listed.ExternalReference == reference {
				matching = append(matching, listed.ID)
			}
		}
		if len(matching) != 1 {
			t.Fatalf("orders with external_reference %s: %v, want exactly one", reference, matching)
		}
	})
	if order == nil {
		t.Fatal("no order to go on with")
	}

	t.Run("4 stale If-Match is a typed 412, an invalid action a typed 409", func(t *testing.T) {
		updated, err := client.UpdateOrderWithResponse(ctx, order.ID, nil, generated.UpdateOrderInput{Notes: platform.Ptr("first change")}, platform.IfMatch(order.Version))
		if err != nil {
			t.Fatalf("update with the current version: %v", err)
		}
		if platform.ETag(updated.HTTPResponse) != fmt.Sprintf(`"%d"`, order.Version+1) {
			t.Errorf("ETag %q after the update of version %d", platform.ETag(updated.HTTPResponse), order.Version)
		}
		_, err = client.UpdateOrderWithResponse(ctx, order.ID, nil, generated.UpdateOrderInput{Notes: platform.Ptr("stale change")}, platform.IfMatch(order.Version))
		var problem *platform.ProblemError
		if !errors.As(err, &problem) {
			t.Fatalf("stale If-Match: err = %v, want a *platform.ProblemError", err)
		}
		if problem.Status != 412 || problem.Code != "precondition_failed" || !strings.HasPrefix(problem.RequestID, "req_") {
			t.Fatalf("stale If-Match: %+v", problem)
		}
		var current int
		if !problem.Member("current_version", &current) || current != int(updated.JSON200.Version) {
			t.Errorf("current_version = %d, want %d", current, updated.JSON200.Version)
		}
		t.Logf("stale If-Match: %v", problem)

		_, err = client.ReceiveOrderWithResponse(ctx, order.ID, nil, generated.ReceiveOrderJSONRequestBody{})
		if !errors.As(err, &problem) || problem.Status != 409 {
			t.Logf("receive on a sales order: %v; trying confirm twice", err)
			if _, err := client.ConfirmOrderWithResponse(ctx, order.ID, nil, generated.ConfirmOrderJSONRequestBody{}); err != nil {
				t.Fatalf("first confirm: %v", err)
			}
			_, err = client.ConfirmOrderWithResponse(ctx, order.ID, nil, generated.ConfirmOrderJSONRequestBody{})
		}
		if !errors.As(err, &problem) || problem.Status != 409 || problem.Code == "" || problem.RequestID == "" {
			t.Fatalf("invalid action: err = %v, want a 409 *platform.ProblemError", err)
		}
		t.Logf("invalid action: %v", problem)
	})

	t.Run("5 a burst on a throttled tenant succeeds through 429 retries", func(t *testing.T) {
		throttledRetries := &retryLog{t: t, name: "throttled"}
		throttled, err := platform.NewClient(env.url, platform.WithClientCredentials(env.throttledID, env.throttledSecret), platform.WithTenant(env.throttledTenant),
			platform.WithMaxRetries(6), throttledRetries.option())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := throttled.AccessToken(ctx); err != nil {
			t.Fatal(err)
		}
		statuses := make(chan error, 8)
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				_, err := throttled.InventoryItemsWithResponse(ctx, &generated.InventoryItemsParams{PerPage: platform.Ptr[int32](1)})
				statuses <- err
			})
		}
		wg.Wait()
		close(statuses)
		for err := range statuses {
			if err != nil {
				t.Errorf("a read of the burst failed: %v", err)
			}
		}
		if throttledRetries.count.Load() < 1 {
			t.Error("no 429 was retried: the burst was not throttled?")
		}
		t.Logf("8 reads, %d retries", throttledRetries.count.Load())
	})

	t.Run("6 a webhook delivery is received and verified", func(t *testing.T) {
		listener, err := net.Listen("tcp", net.JoinHostPort(env.webhookHost, "0"))
		if err != nil {
			t.Fatal(err)
		}
		type delivery struct {
			body   []byte
			header http.Header
		}
		deliveries := make(chan delivery, 16)
		server := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var body bytes.Buffer
			_, _ = body.ReadFrom(r.Body)
			deliveries <- delivery{body.Bytes(), r.Header.Clone()}
			w.WriteHeader(http.StatusNoContent)
		}), ReadHeaderTimeout: 10 * time.Second}
		go func() { _ = server.Serve(listener) }()
		defer server.Close()

		eventType := generated.CreateWebhookEndpointInput_EventTypes_Item{}
		if err := eventType.FromCreateWebhookEndpointInputEventTypes0(generated.CreateWebhookEndpointInputEventTypes0OrderCreated); err != nil {
			t.Fatal(err)
		}
		endpoint, err := client.CreateWebhookEndpointWithResponse(ctx, nil, generated.CreateWebhookEndpointInput{
			URL:        fmt.Sprintf("http://%s/hooks/orders", listener.Addr()),
			EventTypes: []generated.CreateWebhookEndpointInput_EventTypes_Item{eventType},
		})
		if err != nil {
			t.Fatalf("register the endpoint: %v", err)
		}
		defer func() {
			_, _ = client.DeleteWebhookEndpointWithResponse(context.Background(), endpoint.JSON201.ID, nil, generated.DeleteWebhookEndpointJSONRequestBody{})
		}()
		verifier, err := platform.NewWebhookVerifier(endpoint.JSON201.Secret)
		if err != nil {
			t.Fatal(err)
		}
		created, err := client.CreateOrderWithResponse(ctx, nil, newOrder(env, "smoke-go-webhook-"+runID))
		if err != nil {
			t.Fatal(err)
		}
		orderID := created.JSON201.ID

		deadline := time.After(30 * time.Second)
		for {
			select {
			case <-deadline:
				t.Fatalf("no delivery of order.created for %s within 30 s", orderID)
			case got := <-deliveries:
				if err := verifier.Verify(got.body, got.header); err != nil {
					t.Fatalf("a delivery failed verification: %v (%s)", err, got.body)
				}
				var payload struct {
					Type string `json:"type"`
					Data struct {
						ID string `json:"id"`
					} `json:"data"`
				}
				if err := json.Unmarshal(got.body, &payload); err != nil {
					t.Fatalf("delivery body: %v", err)
				}
				if payload.Data.ID != orderID {
					t.Logf("skipping a delivery of %s %s", payload.Type, payload.Data.ID)
					continue
				}
				tampered := bytes.Replace(got.body, []byte(orderID), []byte(orderID+"x"), 1)
				if err := verifier.Verify(tampered, got.header); !errors.Is(err, platform.ErrWebhookSignature) {
					t.Errorf("a tampered body was not refused: %v", err)
				}
				t.Logf("delivery %s of %s verified", got.header.Get("webhook-id"), payload.Type)
				return
			}
		}
	})
}
