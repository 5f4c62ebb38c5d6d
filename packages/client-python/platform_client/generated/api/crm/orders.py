import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.order_kind import OrderKind
from ...models.order_list import OrderList
from ...models.order_status import OrderStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    kind: OrderKind | Unset = UNSET,
    status: OrderStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind.value

    params["kind"] = json_kind

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["customer_id"] = customer_id

    params["item_id"] = item_id

    params["channel"] = channel

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/crm/orders",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OrderList | None:
    if response.status_code == 200:
        response_200 = OrderList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OrderList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    kind: OrderKind | Unset = UNSET,
    status: OrderStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[OrderList]:
    """Sales and purchase orders, newest first by default

     Sales and purchase orders, newest first by default.

    Args:
        kind (OrderKind | Unset): Which way goods move.
        status (OrderStatus | Unset): Where an order is in its lifecycle.
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrderList]
    """

    kwargs = _get_kwargs(
        kind=kind,
        status=status,
        customer_id=customer_id,
        item_id=item_id,
        channel=channel,
        created_after=created_after,
        created_before=created_before,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    kind: OrderKind | Unset = UNSET,
    status: OrderStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> OrderList | None:
    """Sales and purchase orders, newest first by default

     Sales and purchase orders, newest first by default.

    Args:
        kind (OrderKind | Unset): Which way goods move.
        status (OrderStatus | Unset): Where an order is in its lifecycle.
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrderList
    """

    return sync_detailed(
        client=client,
        kind=kind,
        status=status,
        customer_id=customer_id,
        item_id=item_id,
        channel=channel,
        created_after=created_after,
        created_before=created_before,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    kind: OrderKind | Unset = UNSET,
    status: OrderStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[OrderList]:
    """Sales and purchase orders, newest first by default

     Sales and purchase orders, newest first by default.

    Args:
        kind (OrderKind | Unset): Which way goods move.
        status (OrderStatus | Unset): Where an order is in its lifecycle.
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrderList]
    """

    kwargs = _get_kwargs(
        kind=kind,
        status=status,
        customer_id=customer_id,
        item_id=item_id,
        channel=channel,
        created_after=created_after,
        created_before=created_before,
        sort=sort,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    kind: OrderKind | Unset = UNSET,
    status: OrderStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> OrderList | None:
    """Sales and purchase orders, newest first by default

     Sales and purchase orders, newest first by default.

    Args:
        kind (OrderKind | Unset): Which way goods move.
        status (OrderStatus | Unset): Where an order is in its lifecycle.
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        sort (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrderList
    """

    return (
        await asyncio_detailed(
            client=client,
            kind=kind,
            status=status,
            customer_id=customer_id,
            item_id=item_id,
            channel=channel,
            created_after=created_after,
            created_before=created_before,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
