"""Iterating over every record of a list operation (``page``/``per_page``, up to the last page)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

from ._operations import Operation, fill, resolve

if TYPE_CHECKING:
    from .client import AsyncPlatformClient, PlatformClient

__all__ = ["apaginate", "paginate"]


def paginate(operation: Operation, /, *, client: PlatformClient | Any, **kwargs: Any) -> Iterator[Any]:
    """Yields every record of a generated list operation, requesting page after page.

    ``operation`` is the operation's module (``inventory_items``) or its ``sync`` function;
    ``client`` a PlatformClient (tenant filled in) or the generated AuthenticatedClient (then pass
    ``x_service_tenant``). Other keyword arguments are the operation's filters, ``sort`` and
    ``per_page`` (1 to 100); ``page`` is where to start (default 1). The walk stops after the last
    page: when a page is empty or ``page * per_page`` reaches ``meta.total``.
    """
    function = resolve(operation, "sync")
    _fill(function, kwargs, client)
    page = int(kwargs.pop("page", 1) or 1)
    while True:
        result = function(page=page, **kwargs)
        data, done = _page(result, page, function)
        yield from data
        if done:
            return
        page += 1


async def apaginate(operation: Operation, /, *, client: AsyncPlatformClient | Any, **kwargs: Any) -> AsyncIterator[Any]:
    """The asynchronous paginate: ``async for record in apaginate(inventory_items, client=c)``."""
    function = resolve(operation, "asyncio")
    _fill(function, kwargs, client)
    page = int(kwargs.pop("page", 1) or 1)
    while True:
        result = await function(page=page, **kwargs)
        data, done = _page(result, page, function)
        for record in data:
            yield record
        if done:
            return
        page += 1


def _fill(function: Any, kwargs: dict[str, Any], client: Any) -> None:
    api = getattr(client, "api", client)  # a PlatformClient carries the generated client as .api
    fill(function, kwargs, api, getattr(client, "tenant_id", None))


def _page(result: Any, page: int, function: Any) -> tuple[list[Any], bool]:
    parsed = getattr(result, "parsed", result)  # sync_detailed answers a Response
    data = getattr(parsed, "data", None)
    meta = getattr(parsed, "meta", None)
    if not isinstance(data, list) or meta is None:
        raise TypeError(f"{getattr(function, '__module__', function)} did not answer a list page: {parsed!r}")
    done = not data or page * meta.per_page >= meta.total
    return data, done
