package platform

import (
	"context"
	"net/http"
	"strconv"

	"github.com/platform-api/platform/packages/client-go/generated"
)

// IfMatch makes a write conditional on the record's version (If-Match: "<version>", the record's
// ETag): when the record has changed since, the platform refuses it with 412 precondition_failed
// (a *ProblemError) and nothing changes.
//
//	client.UpdateOrderWithResponse(ctx, id, nil, body, platform.IfMatch(order.Version))
func IfMatch[V ~int | ~int32 | ~int64](version V) generated.RequestEditorFn {
	return IfMatchETag(`"` + strconv.FormatInt(int64(version), 10) + `"`)
}

// IfMatchETag sets If-Match to an ETag as the platform sent it (with its quotes), or "*".
func IfMatchETag(etag string) generated.RequestEditorFn {
	return func(_ context.Context, req *http.Request) error {
		req.Header.Set("If-Match", etag)
		return nil
	}
}

// IdempotencyKey sends the write with this Idempotency-Key instead of a random one, for a key
// kept by the caller (to retry a write after the process restarted, for instance).
func IdempotencyKey(key string) generated.RequestEditorFn {
	return func(_ context.Context, req *http.Request) error {
		req.Header.Set(headerIdempotencyKey, key)
		return nil
	}
}

type noIdempotencyKey struct{}

// NoIdempotencyKey sends a write without an Idempotency-Key (so it is not retried either).
func NoIdempotencyKey() generated.RequestEditorFn {
	return func(_ context.Context, req *http.Request) error {
		*req = *req.WithContext(context.WithValue(req.Context(), noIdempotencyKey{}, true))
		return nil
	}
}

func idempotencyKeyDisabled(ctx context.Context) bool {
	disabled, _ := ctx.Value(noIdempotencyKey{}).(bool)
	return disabled
}

// ETag is the ETag of an answer carrying one record ("3" for version 3), empty when none.
func ETag(resp *http.Response) string {
	if resp == nil {
		return ""
	}
	return resp.Header.Get("ETag")
}
