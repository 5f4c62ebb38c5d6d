from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_inventory_item_input import CreateInventoryItemInput
from ...models.inventory_item import InventoryItem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateInventoryItemInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/inventory/items",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InventoryItem | None:
    if response.status_code == 201:
        response_201 = InventoryItem.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[InventoryItem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateInventoryItemInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[InventoryItem]:
    """Creates an inventory item with a client-chosen SKU

     Creates an inventory item with a client-chosen SKU; a non-zero initial stock is recorded as a
    `receipt` movement.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInventoryItemInput): A new item. Its initial `quantity_on_hand` is recorded as
            a `receipt` movement into its home warehouse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InventoryItem]
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
    body: CreateInventoryItemInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> InventoryItem | None:
    """Creates an inventory item with a client-chosen SKU

     Creates an inventory item with a client-chosen SKU; a non-zero initial stock is recorded as a
    `receipt` movement.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInventoryItemInput): A new item. Its initial `quantity_on_hand` is recorded as
            a `receipt` movement into its home warehouse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InventoryItem
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
    body: CreateInventoryItemInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[InventoryItem]:
    """Creates an inventory item with a client-chosen SKU

     Creates an inventory item with a client-chosen SKU; a non-zero initial stock is recorded as a
    `receipt` movement.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInventoryItemInput): A new item. Its initial `quantity_on_hand` is recorded as
            a `receipt` movement into its home warehouse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InventoryItem]
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
    body: CreateInventoryItemInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> InventoryItem | None:
    """Creates an inventory item with a client-chosen SKU

     Creates an inventory item with a client-chosen SKU; a non-zero initial stock is recorded as a
    `receipt` movement.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInventoryItemInput): A new item. Its initial `quantity_on_hand` is recorded as
            a `receipt` movement into its home warehouse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InventoryItem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
