package platform

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// A delivery is posted over loopback to a receiver that verifies it, as a webhook handler would.
func TestWebhookVerification(t *testing.T) {
	secret := "whsec_" + base64.StdEncoding.EncodeToString([]byte("a 32-byte secret for the tests!!"))
	verifier, err := NewWebhookVerifier(secret)
	if err != nil {
		t.Fatal(err)
	}
	results := make(chan error, 1)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := verifier.VerifyRequest(r)
		results <- err
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()

	body := []byte(`{"type":"order.created","data":{"id":"ord_1"}}`)
	deliver := func(id string, at time.Time, signature string, payload []byte) error {
		req, _ := http.NewRequest(http.MethodPost, receiver.URL, bytes.NewReader(payload))
		req.Header.Set("webhook-id", id)
		req.Header.Set("webhook-timestamp", strconv.FormatInt(at.Unix(), 10))
		req.Header.Set("webhook-signature", signature)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		return <-results
	}
	now := time.Now()
	valid, _ := verifier.Sign("msg_1", now, body)

	if err := deliver("msg_1", now, valid, body); err != nil {
		t.Errorf("valid delivery refused: %v", err)
	}
	// During a secret rotation two signatures are sent; one matching is enough.
	if err := deliver("msg_1", now, "v1,bm90IHRoZSBzaWduYXR1cmU= "+valid, body); err != nil {
		t.Errorf("valid delivery with two signatures refused: %v", err)
	}
	tampered := bytes.Replace(body, []byte("ord_1"), []byte("ord_2"), 1)
	if err := deliver("msg_1", now, valid, tampered); !errors.Is(err, ErrWebhookSignature) {
		t.Errorf("tampered body: %v", err)
	}
	if err := deliver("msg_2", now, valid, body); !errors.Is(err, ErrWebhookSignature) {
		t.Errorf("another message id: %v", err)
	}
	stale := now.Add(-10 * time.Minute)
	staleSignature, _ := verifier.Sign("msg_1", stale, body)
	if err := deliver("msg_1", stale, staleSignature, body); !errors.Is(err, ErrWebhookTooOld) {
		t.Errorf("stale delivery: %v", err)
	}
	other, _ := NewWebhookVerifier("whsec_" + base64.StdEncoding.EncodeToString([]byte("another secret")))
	foreign, _ := other.Sign("msg_1", now, body)
	if err := deliver("msg_1", now, foreign, body); !errors.Is(err, ErrWebhookSignature) {
		t.Errorf("signature of another secret: %v", err)
	}
	if err := verifier.Verify(body, http.Header{}); !errors.Is(err, ErrWebhookHeaders) {
		t.Errorf("no headers: %v", err)
	}
	if _, err := NewWebhookVerifier("whsec_not base64!"); err == nil {
		t.Error("a malformed secret was accepted")
	}
}
