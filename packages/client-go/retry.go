package platform

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryEvent describes an attempt that failed and is about to be retried (see [WithOnRetry]).
type RetryEvent struct {
	Method string
	URL    string
	// Attempt is the number of the attempt that failed, from 1.
	Attempt int
	// StatusCode of the failed attempt's answer; 0 after a network error or a timeout.
	StatusCode int
	// Err is the network error or timeout of the failed attempt; nil when it had an answer.
	Err error
	// RetryAfter is the wait the answer asked for (Retry-After), 0 when none.
	RetryAfter time.Duration
	// Wait is how long the client waits before the next attempt.
	Wait time.Duration
	// IdempotencyKey the retry carries (the same as the failed attempt's), empty for reads.
	IdempotencyKey string
}

// retryableStatus: rate limited, and failures on the platform's side that a later attempt may not
// meet (501 and 505 would answer the same again).
func retryableStatus(status int) bool {
	return status == http.StatusTooManyRequests ||
		(status >= 500 && status != http.StatusNotImplemented && status != http.StatusHTTPVersionNotSupported)
}

// backoff is the full-jitter wait before retry n (from 0): uniform in [0, min(max, initial·2ⁿ)).
func backoff(n int, initial, max time.Duration) time.Duration {
	if initial <= 0 {
		return 0
	}
	ceiling := initial
	for i := 0; i < n && ceiling < max; i++ {
		ceiling *= 2
	}
	if max > 0 && ceiling > max {
		ceiling = max
	}
	return rand.N(ceiling)
}

// parseRetryAfter reads Retry-After as delay-seconds or an HTTP date (RFC 9110 section 10.2.3).
func parseRetryAfter(value string, now time.Time) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0, false
	}
	if seconds, err := strconv.ParseFloat(value, 64); err == nil {
		if seconds < 0 {
			return 0, false
		}
		return time.Duration(seconds * float64(time.Second)), true
	}
	if at, err := http.ParseTime(value); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}
