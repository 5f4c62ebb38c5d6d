"""Verifying webhook deliveries (Standard Webhooks signatures) with the ``standardwebhooks`` library."""

from __future__ import annotations

import binascii
from collections.abc import Iterable, Mapping
from typing import Any

from standardwebhooks import Webhook, WebhookVerificationError

__all__ = ["WebhookVerificationError", "verify_webhook"]


def verify_webhook(
    secret: str | Iterable[str],
    body: bytes | str,
    headers: Mapping[str, str] | Iterable[tuple[str, str]],
    *,
    json_parse: bool = True,
) -> Any:
    """Checks a delivery's ``webhook-signature`` against the raw body and returns the parsed payload.

    ``secret`` is the endpoint's ``whsec_…`` signing secret (or several, while a rotation is in
    progress); ``body`` the request body exactly as received (bytes, before any JSON parsing);
    ``headers`` the request headers (any mapping: a dict, ``http.server``'s headers, a framework's).
    Raises WebhookVerificationError when a header is missing, the timestamp is more than five
    minutes away from now, or no signature matches.
    """
    items = getattr(headers, "items", None)  # a Mapping, or http.server's email.message.Message
    pairs: Iterable[tuple[str, str]] = items() if callable(items) else headers  # type: ignore[assignment]
    normalized = {str(name).lower(): str(value) for name, value in pairs}
    secrets = [secret] if isinstance(secret, str) else list(secret)
    if not secrets:
        raise ValueError("a webhook secret is required")
    if isinstance(body, bytes):
        try:
            body = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise WebhookVerificationError("The body is not UTF-8") from exc
    last: WebhookVerificationError | None = None
    for candidate in secrets:
        try:
            return Webhook(candidate).verify(body, normalized, json_parse=json_parse)
        except WebhookVerificationError as exc:
            last = exc
        except (ValueError, binascii.Error) as exc:
            # A malformed signature header ("v1" without a comma, bad base64) is no valid signature.
            last = WebhookVerificationError(f"Malformed signature header: {exc}")
    assert last is not None
    raise last
