package platform

import (
	"fmt"
	"io"
	"net/http"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// Errors of webhook verification (test with errors.Is).
var (
	// ErrWebhookHeaders: webhook-id, webhook-timestamp or webhook-signature is missing.
	ErrWebhookHeaders = standardwebhooks.ErrRequiredHeaders
	// ErrWebhookInvalidHeaders: a header is malformed (the timestamp is not a number).
	ErrWebhookInvalidHeaders = standardwebhooks.ErrInvalidHeaders
	// ErrWebhookSignature: no signature matches the body (tampered, or another secret).
	ErrWebhookSignature = standardwebhooks.ErrNoMatchingSignature
	// ErrWebhookTooOld: the timestamp is more than 5 minutes in the past (a replay).
	ErrWebhookTooOld = standardwebhooks.ErrMessageTooOld
	// ErrWebhookTooNew: the timestamp is more than 5 minutes in the future.
	ErrWebhookTooNew = standardwebhooks.ErrMessageTooNew
)

// MaxWebhookBody bounds the body [WebhookVerifier.VerifyRequest] reads.
const MaxWebhookBody = 1 << 20

// WebhookVerifier checks the Standard Webhooks signature of the platform's webhook deliveries
// (HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" with the endpoint's whsec_ secret,
// timestamps within 5 minutes, constant-time comparison), using the Standard Webhooks Go library.
type WebhookVerifier struct {
	webhook *standardwebhooks.Webhook
}

// NewWebhookVerifier makes a verifier for an endpoint's signing secret (whsec_…, as shown when the
// endpoint is created or its secret rotated).
func NewWebhookVerifier(secret string) (*WebhookVerifier, error) {
	webhook, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		return nil, fmt.Errorf("platform: invalid webhook secret: %w", err)
	}
	return &WebhookVerifier{webhook: webhook}, nil
}

// Verify checks a delivery: its body exactly as received and its headers. A nil error means the
// platform sent it within the last 5 minutes.
func (v *WebhookVerifier) Verify(body []byte, header http.Header) error {
	return v.webhook.Verify(body, header)
}

// VerifyRequest reads the body of a delivery (at most MaxWebhookBody bytes) and verifies it; it
// returns the body, to be decoded only when the error is nil.
func (v *WebhookVerifier) VerifyRequest(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxWebhookBody+1))
	if err != nil {
		return nil, fmt.Errorf("platform: reading the webhook body: %w", err)
	}
	if len(body) > MaxWebhookBody {
		return nil, fmt.Errorf("platform: webhook body over %d bytes", MaxWebhookBody)
	}
	return body, v.Verify(body, r.Header)
}

// Sign signs a body as the platform does (for tests of a webhook receiver): the value of the
// webhook-signature header for this message id and time.
func (v *WebhookVerifier) Sign(messageID string, timestamp time.Time, body []byte) (string, error) {
	return v.webhook.Sign(messageID, timestamp, body)
}
