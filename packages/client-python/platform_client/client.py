"""PlatformClient and AsyncPlatformClient: the generated client, configured for the platform."""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from typing import Any, Self

import httpx

from ._auth import ApiKey, ClientCredentials
from ._operations import Operation, fill, resolve
from ._retry import RetryEvent, RetryPolicy
from ._transport import AsyncPlatformTransport, PlatformTransport, _Core
from ._version import __version__
from .generated.client import AuthenticatedClient
from .pagination import apaginate, paginate

__all__ = ["AsyncPlatformClient", "PlatformClient"]

_MANAGED_TOKEN = "managed-by-platform-client"


class _Base:
    def __init__(
        self,
        base_url: str,
        tenant_id: str | None,
        *,
        client_id: str | None = None,
        client_secret: str | None = None,
        api_key: str | None = None,
        scope: str | None = None,
        timeout: float | httpx.Timeout = 30.0,
        max_retries: int = 4,
        backoff_base: float = 0.5,
        backoff_max: float = 30.0,
        max_retry_after: float = 120.0,
        on_retry: Callable[[RetryEvent], None] | None = None,
        auto_idempotency_keys: bool = True,
        token_refresh_margin: float = 60.0,
        verify: bool | str | ssl.SSLContext = True,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        if not base_url:
            raise ValueError("base_url is required")
        credentials: ApiKey | ClientCredentials
        if api_key is not None:
            if client_id is not None or client_secret is not None:
                raise ValueError("give either api_key or client_id and client_secret, not both")
            credentials = ApiKey(api_key)
        elif client_id is not None and client_secret is not None:
            credentials = ClientCredentials(client_id, client_secret, scope=scope, refresh_margin=token_refresh_margin)
        else:
            raise ValueError("credentials are required: client_id and client_secret, or api_key")
        if max_retries < 0:
            raise ValueError("max_retries must be 0 or more")
        self.base_url = base_url.rstrip("/")
        self.tenant_id = tenant_id
        self.timeout = timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(timeout)
        self._credentials = credentials
        self._core = _Core(
            base_url=self.base_url,
            tenant_id=tenant_id,
            credentials=credentials,
            policy=RetryPolicy(
                max_retries=max_retries,
                backoff_base=backoff_base,
                backoff_max=backoff_max,
                max_retry_after=max_retry_after,
            ),
            timeout=self.timeout,
            auto_idempotency_keys=auto_idempotency_keys,
            on_retry=on_retry,
        )
        self._verify = verify
        self._headers = {"User-Agent": f"platform-api-client-python/{__version__}", **(headers or {})}
        # The generated operations take this client; its httpx client is ours (set below), so the
        # placeholder token is never sent: the transport sets Authorization on every attempt.
        self.api = AuthenticatedClient(
            base_url=self.base_url,
            token=_MANAGED_TOKEN,
            timeout=self.timeout,
            raise_on_unexpected_status=True,
        )
        self._connect()

    def _connect(self) -> None:
        raise NotImplementedError

    @property
    def retry_count(self) -> int:
        """Retries made so far by this client (all requests together)."""
        return self._core.retry_count

    @property
    def token_exchanges(self) -> int:
        """Tokens obtained so far with the client credentials (0 with an API key)."""
        return self._credentials.exchanges if isinstance(self._credentials, ClientCredentials) else 0


class PlatformClient(_Base):
    """Synchronous client of the platform API.

    >>> client = PlatformClient(url, tenant_id, client_id=..., client_secret=...)
    >>> order = client.call(create_order, body=CreateOrderInput(...))
    >>> for item in client.paginate(inventory_items, warehouse_id=wh, per_page=100): ...

    ``client.api`` is the generated ``AuthenticatedClient`` for calling generated operations
    directly (``create_order.sync(client=client.api, x_service_tenant=..., body=...)``);
    ``client.httpx_client`` is the underlying ``httpx.Client`` for raw requests. All three go
    through the same transport (token, tenant, idempotency keys, retries, problem errors).
    """

    def _connect(self) -> None:
        self._transport = PlatformTransport(self._core, httpx.HTTPTransport(verify=self._verify))
        self.httpx_client = httpx.Client(
            base_url=self.base_url,
            timeout=self.timeout,
            headers=self._headers,
            transport=self._transport,
        )
        self.api.set_httpx_client(self.httpx_client)

    def call(self, operation: Operation, /, *args: Any, **kwargs: Any) -> Any:
        """Calls a generated operation: a module (its ``sync``: the parsed answer) or one of its
        functions (``sync_detailed``: status, headers and parsed answer), with ``client`` and
        ``x_service_tenant`` filled in. Error answers raise PlatformProblemError."""
        function = resolve(operation, "sync")
        fill(function, kwargs, self.api, self.tenant_id)
        return function(*args, **kwargs)

    def paginate(self, operation: Operation, /, **kwargs: Any) -> Iterator[Any]:
        """Every record of a list operation, page after page (``per_page`` records a request)."""
        return paginate(operation, client=self, **kwargs)

    def access_token(self) -> str:
        """The current access token (obtains one now if needed; client credentials only)."""
        return self._transport.access_token()

    def close(self) -> None:
        self.httpx_client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncPlatformClient(_Base):
    """Asynchronous client of the platform API (``httpx.AsyncClient``); same options as PlatformClient.

    >>> async with AsyncPlatformClient(url, tenant_id, client_id=..., client_secret=...) as client:
    ...     order = await client.call(create_order, body=CreateOrderInput(...))
    ...     async for item in client.paginate(inventory_items, per_page=100): ...
    """

    def _connect(self) -> None:
        self._transport = AsyncPlatformTransport(self._core, httpx.AsyncHTTPTransport(verify=self._verify))
        self.httpx_client = httpx.AsyncClient(
            base_url=self.base_url,
            timeout=self.timeout,
            headers=self._headers,
            transport=self._transport,
        )
        self.api.set_async_httpx_client(self.httpx_client)

    async def call(self, operation: Operation, /, *args: Any, **kwargs: Any) -> Any:
        """Awaits a generated operation: a module (its ``asyncio``) or one of its functions
        (``asyncio_detailed``), with ``client`` and ``x_service_tenant`` filled in."""
        function = resolve(operation, "asyncio")
        fill(function, kwargs, self.api, self.tenant_id)
        return await function(*args, **kwargs)

    def paginate(self, operation: Operation, /, **kwargs: Any) -> AsyncIterator[Any]:
        return apaginate(operation, client=self, **kwargs)

    async def access_token(self) -> str:
        return await self._transport.access_token()

    async def aclose(self) -> None:
        await self.httpx_client.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
