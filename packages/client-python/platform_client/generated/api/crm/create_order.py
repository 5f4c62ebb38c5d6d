from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_order_input import CreateOrderInput
from ...models.order import Order
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateOrderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/crm/orders",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Order | None:
    if response.status_code == 201:
        response_201 = Order.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Order]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateOrderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Order]:
    """Creates a draft order with the next number of its kind (SO-…, PO-…)

     Creates a draft order with the next number of its kind (`SO-…`, `PO-…`). `channel` is set to `api`
    (a connector’s id when its sync creates the order); totals are computed.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateOrderInput): A new order; it starts as `draft` with the next number of its
            kind.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Order]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateOrderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Order | None:
    """Creates a draft order with the next number of its kind (SO-…, PO-…)

     Creates a draft order with the next number of its kind (`SO-…`, `PO-…`). `channel` is set to `api`
    (a connector’s id when its sync creates the order); totals are computed.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateOrderInput): A new order; it starts as `draft` with the next number of its
            kind.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Order
    """

    return sync_detailed(
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateOrderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Order]:
    """Creates a draft order with the next number of its kind (SO-…, PO-…)

     Creates a draft order with the next number of its kind (`SO-…`, `PO-…`). `channel` is set to `api`
    (a connector’s id when its sync creates the order); totals are computed.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateOrderInput): A new order; it starts as `draft` with the next number of its
            kind.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Order]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateOrderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Order | None:
    """Creates a draft order with the next number of its kind (SO-…, PO-…)

     Creates a draft order with the next number of its kind (`SO-…`, `PO-…`). `channel` is set to `api`
    (a connector’s id when its sync creates the order); totals are computed.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateOrderInput): A new order; it starts as `draft` with the next number of its
            kind.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Order
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
