"""Calling generated operations: fills in ``client`` and ``x_service_tenant``."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from types import ModuleType
from typing import Any, cast

Operation = ModuleType | Callable[..., Any]


def resolve(operation: Operation, flavour: str) -> Callable[..., Any]:
    """A generated operation module (``create_order``) becomes its ``sync``/``asyncio``/… function;
    a function (``create_order.sync_detailed``) is used as it is."""
    if isinstance(operation, ModuleType):
        function = getattr(operation, flavour, None)
        if not callable(function):
            raise TypeError(f"{operation.__name__} is not a generated operation module (no {flavour}())")
        return cast(Callable[..., Any], function)
    if not callable(operation):
        raise TypeError(f"expected a generated operation module or function, got {operation!r}")
    return operation


@functools.lru_cache(maxsize=512)
def _parameters(function: Callable[..., Any]) -> frozenset[str]:
    return frozenset(inspect.signature(function).parameters)


def fill(function: Callable[..., Any], kwargs: dict[str, Any], api_client: Any, tenant_id: str | None) -> None:
    parameters = _parameters(function)
    if "client" in parameters:
        kwargs.setdefault("client", api_client)
    if "x_service_tenant" in parameters and tenant_id is not None:
        kwargs.setdefault("x_service_tenant", tenant_id)
