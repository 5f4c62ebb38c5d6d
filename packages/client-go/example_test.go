package platform_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"time"

	platform "github.com/platform-api/platform/packages/client-go"
	"github.com/platform-api/platform/packages/client-go/generated"
)

func ExampleNewClient() {
	client, err := platform.NewClient("https://api.example.com",
		platform.WithClientCredentials("cli_…", "secret"),
		platform.WithTenant("ten_…"),
		platform.WithTimeout(10*time.Second),
		platform.WithMaxRetries(5),
		platform.WithOnRetry(func(e platform.RetryEvent) {
			log.Printf("retrying %s %s (attempt %d, status %d, error %v) in %v", e.Method, e.URL, e.Attempt, e.StatusCode, e.Err, e.Wait)
		}),
	)
	if err != nil {
		log.Fatal(err)
	}
	resp, err := client.CustomerWithResponse(context.Background(), "cus_…", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.JSON200.Name)
}

func ExampleAll() {
	var client *platform.Client // from platform.NewClient
	ctx := context.Background()
	warehouseID := "wh_…"
	params := generated.InventoryItemsParams{WarehouseID: &warehouseID, PerPage: platform.Ptr[int32](100)}
	for item, err := range platform.All(ctx, func(ctx context.Context, page int32) ([]generated.InventoryItem, generated.PageMeta, error) {
		params.Page = &page
		resp, err := client.InventoryItemsWithResponse(ctx, &params)
		if err != nil {
			return nil, generated.PageMeta{}, err
		}
		return resp.JSON200.Data, resp.JSON200.Meta, nil
	}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(item.ID, item.QuantityOnHand)
	}
}

func ExampleProblemError() {
	var client *platform.Client // from platform.NewClient
	_, err := client.ConfirmOrderWithResponse(context.Background(), "ord_…", nil, generated.ConfirmOrderJSONRequestBody{})
	var problem *platform.ProblemError
	if errors.As(err, &problem) {
		fmt.Println(problem.Status, problem.Code, problem.Detail, problem.RequestID)
		for _, field := range problem.Errors {
			fmt.Println(field.Field, field.Message)
		}
		var allowed []string
		if problem.Member("allowed_actions", &allowed) {
			fmt.Println("allowed:", allowed)
		}
	}
}

func ExampleIfMatch() {
	var client *platform.Client // from platform.NewClient
	ctx := context.Background()
	read, err := client.OrderWithResponse(ctx, "ord_…", nil)
	if err != nil {
		log.Fatal(err)
	}
	_, err = client.UpdateOrderWithResponse(ctx, read.JSON200.ID, nil,
		generated.UpdateOrderInput{Notes: platform.Ptr("deliver before noon")},
		platform.IfMatch(read.JSON200.Version))
	if platform.HasCode(err, "precondition_failed") {
		fmt.Println("the order changed since it was read")
	}
}

func ExampleWebhookVerifier() {
	verifier, err := platform.NewWebhookVerifier("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
	if err != nil {
		log.Fatal(err)
	}
	http.HandleFunc("/hooks/platform", func(w http.ResponseWriter, r *http.Request) {
		body, err := verifier.VerifyRequest(r)
		if err != nil {
			http.Error(w, "invalid signature", http.StatusBadRequest)
			return
		}
		fmt.Printf("verified delivery %s: %s\n", r.Header.Get("webhook-id"), body)
		w.WriteHeader(http.StatusNoContent)
	})
}
