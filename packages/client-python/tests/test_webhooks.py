"""verify_webhook(): Standard Webhooks signatures (valid, tampered, stale, malformed, rotated)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time

import pytest

from platform_client import WebhookVerificationError, verify_webhook

SECRET = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()
OTHER = "whsec_" + base64.b64encode(b"another secret of thirty-two by").decode()
BODY = json.dumps({"type": "order.created", "data": {"id": "ord_1"}}).encode()


def sign(secret: str, body: bytes, *, msg_id: str = "evt_1", timestamp: int | None = None) -> dict[str, str]:
    """Signs as the platform does, independently of the library under test."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    key = base64.b64decode(secret.removeprefix("whsec_"))
    mac = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": "v1," + base64.b64encode(mac).decode(),
    }


def test_valid_delivery_returns_the_payload():
    payload = verify_webhook(SECRET, BODY, sign(SECRET, BODY))
    assert payload["data"]["id"] == "ord_1"


def test_header_names_are_case_insensitive_and_body_may_be_text():
    headers = {k.title(): v for k, v in sign(SECRET, BODY).items()}
    assert verify_webhook(SECRET, BODY.decode(), headers)["type"] == "order.created"


def test_tampered_body_is_refused():
    headers = sign(SECRET, BODY)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, BODY.replace(b"ord_1", b"ord_2"), headers)


def test_wrong_secret_is_refused():
    with pytest.raises(WebhookVerificationError):
        verify_webhook(OTHER, BODY, sign(SECRET, BODY))


def test_stale_and_future_timestamps_are_refused():
    with pytest.raises(WebhookVerificationError, match="too old"):
        verify_webhook(SECRET, BODY, sign(SECRET, BODY, timestamp=int(time.time()) - 6 * 60))
    with pytest.raises(WebhookVerificationError, match="too new"):
        verify_webhook(SECRET, BODY, sign(SECRET, BODY, timestamp=int(time.time()) + 6 * 60))
    # Within the five-minute tolerance.
    assert verify_webhook(SECRET, BODY, sign(SECRET, BODY, timestamp=int(time.time()) - 4 * 60))


def test_missing_or_malformed_headers_are_refused():
    headers = sign(SECRET, BODY)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, BODY, {k: v for k, v in headers.items() if k != "webhook-signature"})
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, BODY, {**headers, "webhook-signature": "v1"})
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, BODY, {**headers, "webhook-signature": "v1,@@not-base64@@"})
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, b"\xff\xfe", headers)


def test_rotation_two_signatures_and_two_secrets():
    old, new = sign(OTHER, BODY), sign(SECRET, BODY)
    both = {**new, "webhook-signature": f"{old['webhook-signature']} {new['webhook-signature']}"}
    assert verify_webhook(SECRET, BODY, both)  # a receiver that already has the new secret
    assert verify_webhook([OTHER, SECRET], BODY, new)  # a receiver that holds both
