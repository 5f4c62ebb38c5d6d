"""Credentials: an API key, or OAuth client credentials exchanged for tokens renewed before expiry."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx

TOKEN_PATH = "/v1/oauth/token"


class ApiKey:
    """An API key (``sk_live_…``/``sk_test_…``), presented as a bearer token."""

    def __init__(self, api_key: str) -> None:
        if not api_key:
            raise ValueError("api_key must not be empty")
        self._api_key = api_key

    def __repr__(self) -> str:
        return "ApiKey(***)"

    @property
    def authorization(self) -> str:
        return f"Bearer {self._api_key}"


class ClientCredentials:
    """State of the client-credentials grant; the transports do the I/O under their own lock.

    A token is renewed once less than ``refresh_margin`` seconds (at most half its lifetime) are
    left, so no request leaves with a token about to expire.
    """

    def __init__(
        self,
        client_id: str,
        client_secret: str,
        *,
        scope: str | None = None,
        refresh_margin: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not client_id or not client_secret:
            raise ValueError("client_id and client_secret must not be empty")
        self.client_id = client_id
        self._client_secret = client_secret
        self.scope = scope
        self.refresh_margin = refresh_margin
        self._clock = clock
        self._token: str | None = None
        self._renew_at = 0.0
        self.expires_in: float | None = None
        self.granted_scope: str | None = None
        self.exchanges = 0
        """How many tokens were obtained so far."""

    def __repr__(self) -> str:
        return f"ClientCredentials(client_id={self.client_id!r}, client_secret=***)"

    def current(self) -> str | None:
        """The token to send, or None when a new one must be obtained first."""
        if self._token is None or self._clock() >= self._renew_at:
            return None
        return self._token

    def invalidate(self, token: str | None) -> None:
        """Forget ``token`` (the platform refused it); a newer one obtained meanwhile is kept."""
        if token is not None and self._token == token:
            self._token = None

    def token_request(self, base_url: httpx.URL, timeout: httpx.Timeout) -> httpx.Request:
        body: dict[str, Any] = {
            "grant_type": "client_credentials",
            "client_id": self.client_id,
            "client_secret": self._client_secret,
        }
        if self.scope:
            body["scope"] = self.scope
        return httpx.Request(
            "POST",
            httpx.URL(str(base_url).rstrip("/") + TOKEN_PATH),
            json=body,
            headers={"Accept": "application/json"},
            extensions={"timeout": timeout.as_dict()},
        )

    def accept(self, response: httpx.Response) -> str:
        """Stores the token of a successful (read) token answer and returns it."""
        try:
            body = json.loads(response.content)
            token = body["access_token"]
            expires_in = float(body.get("expires_in") or 3600)
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"unexpected token answer: {response.content[:200]!r}") from exc
        if not isinstance(token, str) or not token:
            raise ValueError("the token answer holds no access_token")
        margin = min(self.refresh_margin, expires_in / 2)
        self._token = token
        self._renew_at = self._clock() + expires_in - margin
        self.expires_in = expires_in
        self.granted_scope = body.get("scope") if isinstance(body.get("scope"), str) else None
        self.exchanges += 1
        return token
