package platform

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

const (
	headerAuthorization  = "Authorization"
	headerTenant         = "X-Service-Tenant"
	headerIdempotencyKey = "Idempotency-Key"
	headerRetryAfter     = "Retry-After"
	headerUserAgent      = "User-Agent"
)

// transport is the http.RoundTripper of a Client: per request it adds the credential, the tenant
// and (writes) an Idempotency-Key, then sends attempts through the configured transport, each
// bounded by the per-attempt timeout, retrying as the package documentation says.
type transport struct {
	cfg  *config
	auth authenticator
	// tokenRequests: the transport of the token endpoint (no credential, no tenant, no key; its
	// POST is retried, since a token request changes nothing).
	tokenRequests bool
}

func isWrite(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	key := req.Header.Get(headerIdempotencyKey)
	write := isWrite(req.Method)
	if write && key == "" && !t.tokenRequests && t.cfg.idempotencyKeys && !idempotencyKeyDisabled(ctx) {
		key = newUUID()
	}
	retryable := !write || key != "" || t.tokenRequests

	getBody, err := replayableBody(req)
	if err != nil {
		return nil, err
	}

	for attempt := 1; ; attempt++ {
		attemptReq, cancel, credential, err := t.prepare(req, getBody, key, retryable && t.cfg.maxRetries > 0)
		if err != nil {
			return nil, err
		}
		resp, err := t.cfg.transport.RoundTrip(attemptReq)
		event := RetryEvent{Method: req.Method, URL: req.URL.String(), Attempt: attempt, IdempotencyKey: key}
		var wait time.Duration

		if err != nil {
			timedOut := errors.Is(attemptReq.Context().Err(), context.DeadlineExceeded)
			cancel()
			if ctx.Err() != nil {
				return nil, err
			}
			if timedOut {
				err = &TimeoutError{After: t.cfg.timeout, Err: err}
			}
			if !retryable || attempt > t.cfg.maxRetries {
				return nil, err
			}
			event.Err = err
			wait = backoff(attempt-1, t.cfg.initialBackoff, t.cfg.maxBackoff)
			if deadline, ok := ctx.Deadline(); ok && time.Now().Add(wait).After(deadline) {
				return nil, err
			}
		} else {
			if resp.StatusCode == http.StatusUnauthorized && t.auth != nil {
				t.auth.rejected(credential)
			}
			retry := retryableStatus(resp.StatusCode) || (resp.StatusCode == http.StatusConflict && idempotencyKeyInUse(resp))
			if !retry || !retryable || attempt > t.cfg.maxRetries {
				resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
				return resp, nil
			}
			retryAfter, asked := parseRetryAfter(resp.Header.Get(headerRetryAfter), time.Now())
			if asked && retryAfter > t.cfg.maxRetryAfter {
				resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
				return resp, nil
			}
			wait = retryAfter + backoff(attempt-1, t.cfg.initialBackoff, t.cfg.maxBackoff)
			if deadline, ok := ctx.Deadline(); ok && time.Now().Add(wait).After(deadline) {
				// The retry could not finish in time: the answer is more useful than a deadline error.
				resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
				return resp, nil
			}
			event.StatusCode, event.RetryAfter = resp.StatusCode, retryAfter
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			_ = resp.Body.Close()
			cancel()
		}

		event.Wait = wait
		if t.cfg.onRetry != nil {
			t.cfg.onRetry(event)
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-timer.C:
		}
	}
}

// prepare makes one attempt's request: a clone with a fresh body, the headers and the attempt's
// deadline. cancel ends the attempt's context (called when its answer's body is closed).
func (t *transport) prepare(req *http.Request, getBody func() (io.ReadCloser, error), key string, retryable bool) (*http.Request, context.CancelFunc, string, error) {
	ctx := req.Context()
	var credential string
	if t.auth != nil && req.Header.Get(headerAuthorization) == "" {
		var err error
		if credential, err = t.auth.token(ctx); err != nil {
			return nil, nil, "", err
		}
	}
	var attemptCtx context.Context
	var cancel context.CancelFunc
	if t.cfg.timeout > 0 {
		attemptCtx, cancel = context.WithTimeout(ctx, t.cfg.timeout)
	} else {
		attemptCtx, cancel = context.WithCancel(ctx)
	}
	r := req.Clone(attemptCtx)
	if getBody != nil {
		body, err := getBody()
		if err != nil {
			cancel()
			return nil, nil, "", fmt.Errorf("platform: cannot replay the request body: %w", err)
		}
		r.Body, r.GetBody = body, getBody
		if retryable {
			// net/http resends a request with a GetBody and an Idempotency-Key by itself when a
			// kept-alive connection fails, unseen by the retry loop (no backoff, no WithOnRetry, no
			// budget). Without GetBody the loop does it; it keeps GetBody for writes it cannot retry.
			r.GetBody = nil
		}
	}
	if credential != "" {
		r.Header.Set(headerAuthorization, "Bearer "+credential)
	}
	if !t.tokenRequests && r.Header.Get(headerTenant) == "" {
		r.Header.Set(headerTenant, t.cfg.tenant)
	}
	if key != "" {
		r.Header.Set(headerIdempotencyKey, key)
	}
	if r.Header.Get(headerUserAgent) == "" && t.cfg.userAgent != "" {
		r.Header.Set(headerUserAgent, t.cfg.userAgent)
	}
	return r, cancel, credential, nil
}

// replayableBody returns a function giving a fresh copy of the request's body for each attempt:
// the request's GetBody (set by http.NewRequest for in-memory bodies), else the body read once
// into memory. It closes the original body, as a RoundTripper must.
func replayableBody(req *http.Request) (func() (io.ReadCloser, error), error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	if req.GetBody != nil {
		_ = req.Body.Close()
		return req.GetBody, nil
	}
	data, err := io.ReadAll(req.Body)
	_ = req.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("platform: reading the request body: %w", err)
	}
	return func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }, nil
}

// idempotencyKeyInUse: a 409 idempotency_key_in_use answers a retry that came while the first
// attempt with its key still runs; it asks to retry after Retry-After. The body is kept readable.
func idempotencyKeyInUse(resp *http.Response) bool {
	if !strings.Contains(resp.Header.Get("Content-Type"), "json") {
		return false
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	_ = resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	if err != nil {
		return false
	}
	var problem struct {
		Code string `json:"code"`
	}
	return json.Unmarshal(data, &problem) == nil && problem.Code == "idempotency_key_in_use"
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

// TimeoutError is the error of an attempt that did not complete within the per-attempt timeout
// ([WithTimeout]) and was not retried (or was the last attempt). errors.Is(err,
// context.DeadlineExceeded) holds for it.
type TimeoutError struct {
	// After is the per-attempt timeout that expired.
	After time.Duration
	Err   error
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("platform: no answer within the per-attempt timeout of %s: %v", e.After, e.Err)
}

func (e *TimeoutError) Unwrap() []error { return []error{e.Err, context.DeadlineExceeded} }

// Timeout reports true, as net.Error timeouts do.
func (e *TimeoutError) Timeout() bool { return true }

// newUUID is a random (version 4) UUID.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
