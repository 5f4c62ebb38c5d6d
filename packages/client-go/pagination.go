package platform

import (
	"context"
	"fmt"
	"iter"

	"github.com/platform-api/platform/packages/client-go/generated"
)

// PageFunc fetches page number page (from 1) of a list and returns its records and its meta.
type PageFunc[T any] func(ctx context.Context, page int32) ([]T, generated.PageMeta, error)

// All iterates over every record of a list, page after page, fetching each page when the
// previous one is used up and stopping after the last page (no next_cursor, an empty page, or
// page × per_page reaching total). An error ends the iteration after being yielded once.
//
//	params := generated.InventoryItemsParams{WarehouseID: &warehouseID, PerPage: platform.Ptr[int32](100)}
//	for item, err := range platform.All(ctx, func(ctx context.Context, page int32) ([]generated.InventoryItem, generated.PageMeta, error) {
//		params.Page = &page
//		resp, err := client.InventoryItemsWithResponse(ctx, &params)
//		if err != nil {
//			return nil, generated.PageMeta{}, err
//		}
//		return resp.JSON200.Data, resp.JSON200.Meta, nil
//	}) {
//		if err != nil { ... }
//		fmt.Println(item.ID)
//	}
func All[T any](ctx context.Context, fetch PageFunc[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		for page := int32(1); ; page++ {
			if err := ctx.Err(); err != nil {
				yield(zero, err)
				return
			}
			records, meta, err := fetch(ctx, page)
			if err != nil {
				yield(zero, fmt.Errorf("platform: fetching page %d: %w", page, err))
				return
			}
			for _, record := range records {
				if !yield(record, nil) {
					return
				}
			}
			if lastPage(page, len(records), meta) {
				return
			}
		}
	}
}

func lastPage(page int32, count int, meta generated.PageMeta) bool {
	if count == 0 || meta.NextCursor == nil {
		return true
	}
	perPage := meta.PerPage
	if perPage <= 0 {
		perPage = int32(count)
	}
	return int64(page)*int64(perPage) >= int64(meta.Total)
}

// Collect gathers every record of a list into a slice (for small lists; see [All]).
func Collect[T any](ctx context.Context, fetch PageFunc[T]) ([]T, error) {
	var records []T
	for record, err := range All(ctx, fetch) {
		if err != nil {
			return records, err
		}
		records = append(records, record)
	}
	return records, nil
}

// Ptr returns a pointer to v, for the optional fields and parameters of the generated types.
func Ptr[T any](v T) *T { return &v }
