"""httpx transports doing what every platform call needs, wrapped around httpx's own transport.

For each request: ``X-Service-Tenant``; a bearer token (an API key, or a client-credentials token
obtained once and renewed before it expires; a 401 makes it obtain a new one once); an
``Idempotency-Key`` (random UUID) for every write that has none, kept for all its attempts;
retries with exponential backoff and full jitter on network errors, timeouts, 429 and 5xx (and
409 ``idempotency_key_in_use``), waiting at least ``Retry-After``, for reads and for writes with
an Idempotency-Key only; and a PlatformProblemError for an error answer that is not retried.
The timeout configured on the httpx client applies to each attempt.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
import uuid
from collections.abc import Awaitable, Callable

import httpx

from ._auth import ApiKey, ClientCredentials
from ._retry import WRITE_METHODS, RetryEvent, RetryPolicy, is_retryable_answer, is_retryable_request
from .errors import PlatformProblemError

_INTERNAL = "platform_client.internal"


class _Core:
    """What both transports share; no I/O here."""

    def __init__(
        self,
        *,
        base_url: str,
        tenant_id: str | None,
        credentials: ApiKey | ClientCredentials,
        policy: RetryPolicy,
        timeout: httpx.Timeout,
        auto_idempotency_keys: bool,
        on_retry: Callable[[RetryEvent], None] | None,
        rng: Callable[[], float] = random.random,
    ) -> None:
        self.base_url = httpx.URL(base_url.rstrip("/"))
        self.tenant_id = tenant_id
        self.credentials = credentials
        self.policy = policy
        self.timeout = timeout
        self.auto_idempotency_keys = auto_idempotency_keys
        self.on_retry = on_retry
        self.rng = rng
        self._lock = threading.Lock()
        self.retry_count = 0

    def token_request(self) -> httpx.Request:
        assert isinstance(self.credentials, ClientCredentials)
        request = self.credentials.token_request(self.base_url, self.timeout)
        request.extensions[_INTERNAL] = True
        return request

    def prepare(self, request: httpx.Request) -> bool:
        """Adds the tenant and the Idempotency-Key; tells whether the request may be retried."""
        if request.extensions.get(_INTERNAL):
            return True  # the token grant changes nothing: safe to repeat
        if self.tenant_id and "x-service-tenant" not in request.headers:
            request.headers["X-Service-Tenant"] = self.tenant_id
        method = request.method.upper()
        if method in WRITE_METHODS and self.auto_idempotency_keys and "idempotency-key" not in request.headers:
            request.headers["Idempotency-Key"] = str(uuid.uuid4())
        return is_retryable_request(method, "idempotency-key" in request.headers)

    def authenticates(self, request: httpx.Request) -> bool:
        return not request.extensions.get(_INTERNAL)

    def renews_on_401(self, request: httpx.Request) -> bool:
        return self.authenticates(request) and isinstance(self.credentials, ClientCredentials)

    def delay_after_error(
        self, request: httpx.Request, error: httpx.TransportError, retry: int, retryable: bool
    ) -> float | None:
        if not retryable or retry > self.policy.max_retries:
            return None
        return self._retry(request, retry, status=None, code=None, error=error, retry_after=None)

    def delay_after_answer(
        self, request: httpx.Request, problem: PlatformProblemError, retry: int, retryable: bool
    ) -> float | None:
        if not retryable or retry > self.policy.max_retries:
            return None
        if not is_retryable_answer(problem.status, problem.code):
            return None
        retry_after = problem.retry_after
        if retry_after is not None and retry_after > self.policy.max_retry_after:
            return None
        return self._retry(
            request, retry, status=problem.status, code=problem.code, error=None, retry_after=retry_after
        )

    def _retry(
        self,
        request: httpx.Request,
        retry: int,
        *,
        status: int | None,
        code: str | None,
        error: Exception | None,
        retry_after: float | None,
    ) -> float:
        delay = self.policy.backoff(retry, retry_after, self.rng)
        with self._lock:
            self.retry_count += 1
        if self.on_retry is not None:
            self.on_retry(
                RetryEvent(
                    retry=retry,
                    delay=delay,
                    method=request.method,
                    url=str(request.url),
                    status=status,
                    code=code,
                    error=error,
                    retry_after=retry_after,
                    idempotency_key=request.headers.get("idempotency-key"),
                )
            )
        return delay

    @staticmethod
    def problem(request: httpx.Request, response: httpx.Response) -> PlatformProblemError:
        return PlatformProblemError.from_response(response, method=request.method, url=str(request.url))


class PlatformTransport(httpx.BaseTransport):
    """Synchronous transport (thread-safe: one token exchange at a time)."""

    def __init__(self, core: _Core, inner: httpx.BaseTransport, *, sleep: Callable[[float], None] = time.sleep) -> None:
        self._core = core
        self._inner = inner
        self._sleep = sleep
        self._token_lock = threading.Lock()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        core = self._core
        retryable = core.prepare(request)
        request.read()  # the body is sent again by each attempt
        retry = 0
        renewed = False
        while True:
            token = self._authorize(request) if core.authenticates(request) else None
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError as error:
                delay = core.delay_after_error(request, error, retry + 1, retryable)
                if delay is None:
                    raise
                retry += 1
                self._sleep(delay)
                continue
            if response.status_code < 400:
                return response
            try:
                response.read()
            finally:
                response.close()
            if response.status_code == 401 and not renewed and core.renews_on_401(request):
                # The token was revoked or expired early: obtain a new one, once.
                assert isinstance(core.credentials, ClientCredentials)
                core.credentials.invalidate(token)
                renewed = True
                continue
            problem = core.problem(request, response)
            delay = core.delay_after_answer(request, problem, retry + 1, retryable)
            if delay is None:
                raise problem
            retry += 1
            self._sleep(delay)

    def access_token(self) -> str:
        """The current client-credentials token, obtained now if needed."""
        credentials = self._core.credentials
        if not isinstance(credentials, ClientCredentials):
            raise TypeError("this client uses an API key, not client credentials")
        token = credentials.current()
        if token is not None:
            return token
        with self._token_lock:
            token = credentials.current()
            if token is None:
                response = self.handle_request(self._core.token_request())
                try:
                    response.read()
                finally:
                    response.close()
                token = credentials.accept(response)
            return token

    def _authorize(self, request: httpx.Request) -> str | None:
        credentials = self._core.credentials
        if isinstance(credentials, ApiKey):
            request.headers["Authorization"] = credentials.authorization
            return None
        token = self.access_token()
        request.headers["Authorization"] = f"Bearer {token}"
        return token

    def close(self) -> None:
        self._inner.close()


class AsyncPlatformTransport(httpx.AsyncBaseTransport):
    """Asynchronous transport (one token exchange at a time per event loop)."""

    def __init__(
        self,
        core: _Core,
        inner: httpx.AsyncBaseTransport,
        *,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._core = core
        self._inner = inner
        self._sleep = sleep
        self._token_lock: asyncio.Lock | None = None

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        core = self._core
        retryable = core.prepare(request)
        await request.aread()
        retry = 0
        renewed = False
        while True:
            token = await self._authorize(request) if core.authenticates(request) else None
            try:
                response = await self._inner.handle_async_request(request)
            except httpx.TransportError as error:
                delay = core.delay_after_error(request, error, retry + 1, retryable)
                if delay is None:
                    raise
                retry += 1
                await self._sleep(delay)
                continue
            if response.status_code < 400:
                return response
            try:
                await response.aread()
            finally:
                await response.aclose()
            if response.status_code == 401 and not renewed and core.renews_on_401(request):
                assert isinstance(core.credentials, ClientCredentials)
                core.credentials.invalidate(token)
                renewed = True
                continue
            problem = core.problem(request, response)
            delay = core.delay_after_answer(request, problem, retry + 1, retryable)
            if delay is None:
                raise problem
            retry += 1
            await self._sleep(delay)

    async def access_token(self) -> str:
        credentials = self._core.credentials
        if not isinstance(credentials, ClientCredentials):
            raise TypeError("this client uses an API key, not client credentials")
        token = credentials.current()
        if token is not None:
            return token
        if self._token_lock is None:
            self._token_lock = asyncio.Lock()
        async with self._token_lock:
            token = credentials.current()
            if token is None:
                response = await self.handle_async_request(self._core.token_request())
                try:
                    await response.aread()
                finally:
                    await response.aclose()
                token = credentials.accept(response)
            return token

    async def _authorize(self, request: httpx.Request) -> str | None:
        credentials = self._core.credentials
        if isinstance(credentials, ApiKey):
            request.headers["Authorization"] = credentials.authorization
            return None
        token = await self.access_token()
        request.headers["Authorization"] = f"Bearer {token}"
        return token

    async def aclose(self) -> None:
        await self._inner.aclose()
