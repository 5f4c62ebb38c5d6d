"""A scripted HTTP server on loopback (http.server in a thread): the tests talk real HTTP to it."""

from __future__ import annotations

import json
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from platform_client import PlatformClient

TENANT = "ten_0123456789abcdef01234567"


@dataclass
class Reply:
    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False
    """Close the connection without answering (after reading the request)."""
    content_type: str | None = None


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


Handler = Callable[[Recorded], Reply]


def problem(status: int, code: str, *, headers: dict[str, str] | None = None, **members: Any) -> Reply:
    body = {
        "type": f"/docs/errors#{code}",
        "title": code.replace("_", " ").capitalize(),
        "status": status,
        "detail": f"detail of {code}",
        "instance": "/v1/test",
        "code": code,
        "request_id": f"req_{code}",
        **members,
    }
    return Reply(
        status,
        body,
        headers={"X-Request-Id": f"req_{code}", **(headers or {})},
        content_type="application/problem+json",
    )


def warehouse(id: str = "wh_1", version: int = 1, name: str = "Main") -> dict[str, Any]:
    return {
        "id": id,
        "name": name,
        "version": version,
        "created_at": "2026-01-01T00:00:00.000Z",
        "updated_at": "2026-01-01T00:00:00.000Z",
        "archived_at": None,
        "stock_value": [],
    }


class LoopbackServer:
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self._routes: dict[tuple[str, str], Handler] = {}
        self._scripts: dict[tuple[str, str], list[Reply]] = defaultdict(list)
        self._lock = threading.Lock()
        self.token_lifetime = 3600
        self.tokens_issued = 0
        self.route("POST", "/v1/oauth/token", self._token)
        server = self

        class RequestHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                recorded = Recorded(
                    self.command,
                    parts.path,
                    parse_qs(parts.query),
                    {k.lower(): v for k, v in self.headers.items()},
                    body,
                )
                with server._lock:
                    server.requests.append(recorded)
                reply = server._reply(recorded)
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.drop:
                    self.close_connection = True
                    return
                payload = (
                    b""
                    if reply.body is None
                    else (reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode())
                )
                self.send_response(reply.status)
                content_type = reply.content_type or (
                    "application/json" if not isinstance(reply.body, bytes) else "text/plain"
                )
                if payload:
                    self.send_header("Content-Type", content_type)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                try:
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                    self.close_connection = True

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _handle

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), RequestHandler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def route(self, method: str, path: str, handler: Handler) -> None:
        self._routes[(method, path)] = handler

    def script(self, method: str, path: str, *replies: Reply) -> None:
        """Answers the next requests to this route with these replies in turn (the last one repeats)."""
        self._scripts[(method, path)] = list(replies)

    def calls(self, method: str, path: str) -> list[Recorded]:
        return [r for r in self.requests if r.method == method and r.path == path]

    def _reply(self, request: Recorded) -> Reply:
        key = (request.method, request.path)
        with self._lock:
            script = self._scripts.get(key)
            if script:
                return script.pop(0) if len(script) > 1 else script[0]
        handler = self._routes.get(key)
        if handler is None:
            return problem(404, "route_not_found")
        return handler(request)

    def _token(self, request: Recorded) -> Reply:
        body = request.json or {}
        if body.get("client_secret") != "secret":
            return Reply(401, {"error": "invalid_client", "error_description": "Client authentication failed."})
        with self._lock:
            self.tokens_issued += 1
            number = self.tokens_issued
        return Reply(
            200,
            {
                "access_token": f"tok-{number}",
                "token_type": "Bearer",
                "expires_in": self.token_lifetime,
                "scope": "crm:read",
            },
        )

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    instance = LoopbackServer()
    yield instance
    instance.close()


@pytest.fixture
def make_client(server: LoopbackServer) -> Iterator[Callable[..., PlatformClient]]:
    created: list[PlatformClient] = []

    def make(**options: Any) -> PlatformClient:
        settings: dict[str, Any] = {
            "client_id": "cli_1",
            "client_secret": "secret",
            "backoff_base": 0.01,
            "timeout": 5.0,
        }
        if "api_key" in options:
            settings.pop("client_id")
            settings.pop("client_secret")
        settings.update(options)
        client = PlatformClient(server.url, TENANT, **settings)
        created.append(client)
        return client

    yield make
    for client in created:
        client.close()
