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
    status_in: list[OrderStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    confirmed_after: datetime.datetime | Unset = UNSET,
    confirmed_before: datetime.datetime | Unset = UNSET,
    fulfilled_after: datetime.datetime | Unset = UNSET,
    fulfilled_before: datetime.datetime | Unset = UNSET,
    received_after: datetime.datetime | Unset = UNSET,
    received_before: datetime.datetime | Unset = UNSET,
    cancelled_after: datetime.datetime | Unset = UNSET,
    cancelled_before: datetime.datetime | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    q: str | Unset = UNSET,
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

    json_status_in: list[str] | Unset = UNSET
    if not isinstance(status_in, Unset):
        json_status_in = []
        for status_in_item_data in status_in:
            status_in_item = status_in_item_data.value
            json_status_in.append(status_in_item)

    params["status_in"] = json_status_in

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

    json_confirmed_after: str | Unset = UNSET
    if not isinstance(confirmed_after, Unset):
        json_confirmed_after = confirmed_after.isoformat()
    params["confirmed_after"] = json_confirmed_after

    json_confirmed_before: str | Unset = UNSET
    if not isinstance(confirmed_before, Unset):
        json_confirmed_before = confirmed_before.isoformat()
    params["confirmed_before"] = json_confirmed_before

    json_fulfilled_after: str | Unset = UNSET
    if not isinstance(fulfilled_after, Unset):
        json_fulfilled_after = fulfilled_after.isoformat()
    params["fulfilled_after"] = json_fulfilled_after

    json_fulfilled_before: str | Unset = UNSET
    if not isinstance(fulfilled_before, Unset):
        json_fulfilled_before = fulfilled_before.isoformat()
    params["fulfilled_before"] = json_fulfilled_before

    json_received_after: str | Unset = UNSET
    if not isinstance(received_after, Unset):
        json_received_after = received_after.isoformat()
    params["received_after"] = json_received_after

    json_received_before: str | Unset = UNSET
    if not isinstance(received_before, Unset):
        json_received_before = received_before.isoformat()
    params["received_before"] = json_received_before

    json_cancelled_after: str | Unset = UNSET
    if not isinstance(cancelled_after, Unset):
        json_cancelled_after = cancelled_after.isoformat()
    params["cancelled_after"] = json_cancelled_after

    json_cancelled_before: str | Unset = UNSET
    if not isinstance(cancelled_before, Unset):
        json_cancelled_before = cancelled_before.isoformat()
    params["cancelled_before"] = json_cancelled_before

    params["total_min"] = total_min

    params["total_max"] = total_max

    params["q"] = q

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
    status_in: list[OrderStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    confirmed_after: datetime.datetime | Unset = UNSET,
    confirmed_before: datetime.datetime | Unset = UNSET,
    fulfilled_after: datetime.datetime | Unset = UNSET,
    fulfilled_before: datetime.datetime | Unset = UNSET,
    received_after: datetime.datetime | Unset = UNSET,
    received_before: datetime.datetime | Unset = UNSET,
    cancelled_after: datetime.datetime | Unset = UNSET,
    cancelled_before: datetime.datetime | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    q: str | Unset = UNSET,
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
        status_in (list[OrderStatus] | Unset):
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        confirmed_after (datetime.datetime | Unset):
        confirmed_before (datetime.datetime | Unset):
        fulfilled_after (datetime.datetime | Unset):
        fulfilled_before (datetime.datetime | Unset):
        received_after (datetime.datetime | Unset):
        received_before (datetime.datetime | Unset):
        cancelled_after (datetime.datetime | Unset):
        cancelled_before (datetime.datetime | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        q (str | Unset):
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
        status_in=status_in,
        customer_id=customer_id,
        item_id=item_id,
        channel=channel,
        created_after=created_after,
        created_before=created_before,
        confirmed_after=confirmed_after,
        confirmed_before=confirmed_before,
        fulfilled_after=fulfilled_after,
        fulfilled_before=fulfilled_before,
        received_after=received_after,
        received_before=received_before,
        cancelled_after=cancelled_after,
        cancelled_before=cancelled_before,
        total_min=total_min,
        total_max=total_max,
        q=q,
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
    status_in: list[OrderStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    confirmed_after: datetime.datetime | Unset = UNSET,
    confirmed_before: datetime.datetime | Unset = UNSET,
    fulfilled_after: datetime.datetime | Unset = UNSET,
    fulfilled_before: datetime.datetime | Unset = UNSET,
    received_after: datetime.datetime | Unset = UNSET,
    received_before: datetime.datetime | Unset = UNSET,
    cancelled_after: datetime.datetime | Unset = UNSET,
    cancelled_before: datetime.datetime | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    q: str | Unset = UNSET,
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
        status_in (list[OrderStatus] | Unset):
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        confirmed_after (datetime.datetime | Unset):
        confirmed_before (datetime.datetime | Unset):
        fulfilled_after (datetime.datetime | Unset):
        fulfilled_before (datetime.datetime | Unset):
        received_after (datetime.datetime | Unset):
        received_before (datetime.datetime | Unset):
        cancelled_after (datetime.datetime | Unset):
        cancelled_before (datetime.datetime | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        q (str | Unset):
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
        status_in=status_in,
        customer_id=customer_id,
        item_id=item_id,
        channel=channel,
        created_after=created_after,
        created_before=created_before,
        confirmed_after=confirmed_after,
        confirmed_before=confirmed_before,
        fulfilled_after=fulfilled_after,
        fulfilled_before=fulfilled_before,
        received_after=received_after,
        received_before=received_before,
        cancelled_after=cancelled_after,
        cancelled_before=cancelled_before,
        total_min=total_min,
        total_max=total_max,
        q=q,
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
    status_in: list[OrderStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    confirmed_after: datetime.datetime | Unset = UNSET,
    confirmed_before: datetime.datetime | Unset = UNSET,
    fulfilled_after: datetime.datetime | Unset = UNSET,
    fulfilled_before: datetime.datetime | Unset = UNSET,
    received_after: datetime.datetime | Unset = UNSET,
    received_before: datetime.datetime | Unset = UNSET,
    cancelled_after: datetime.datetime | Unset = UNSET,
    cancelled_before: datetime.datetime | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    q: str | Unset = UNSET,
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
        status_in (list[OrderStatus] | Unset):
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        confirmed_after (datetime.datetime | Unset):
        confirmed_before (datetime.datetime | Unset):
        fulfilled_after (datetime.datetime | Unset):
        fulfilled_before (datetime.datetime | Unset):
        received_after (datetime.datetime | Unset):
        received_before (datetime.datetime | Unset):
        cancelled_after (datetime.datetime | Unset):
        cancelled_before (datetime.datetime | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        q (str | Unset):
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
        status_in=status_in,
        customer_id=customer_id,
        item_id=item_id,
        channel=channel,
        created_after=created_after,
        created_before=created_before,
        confirmed_after=confirmed_after,
        confirmed_before=confirmed_before,
        fulfilled_after=fulfilled_after,
        fulfilled_before=fulfilled_before,
        received_after=received_after,
        received_before=received_before,
        cancelled_after=cancelled_after,
        cancelled_before=cancelled_before,
        total_min=total_min,
        total_max=total_max,
        q=q,
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
    status_in: list[OrderStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    item_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    confirmed_after: datetime.datetime | Unset = UNSET,
    confirmed_before: datetime.datetime | Unset = UNSET,
    fulfilled_after: datetime.datetime | Unset = UNSET,
    fulfilled_before: datetime.datetime | Unset = UNSET,
    received_after: datetime.datetime | Unset = UNSET,
    received_before: datetime.datetime | Unset = UNSET,
    cancelled_after: datetime.datetime | Unset = UNSET,
    cancelled_before: datetime.datetime | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    q: str | Unset = UNSET,
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
        status_in (list[OrderStatus] | Unset):
        customer_id (str | Unset):
        item_id (str | Unset):
        channel (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        confirmed_after (datetime.datetime | Unset):
        confirmed_before (datetime.datetime | Unset):
        fulfilled_after (datetime.datetime | Unset):
        fulfilled_before (datetime.datetime | Unset):
        received_after (datetime.datetime | Unset):
        received_before (datetime.datetime | Unset):
        cancelled_after (datetime.datetime | Unset):
        cancelled_before (datetime.datetime | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        q (str | Unset):
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
            status_in=status_in,
            customer_id=customer_id,
            item_id=item_id,
            channel=channel,
            created_after=created_after,
            created_before=created_before,
            confirmed_after=confirmed_after,
            confirmed_before=confirmed_before,
            fulfilled_after=fulfilled_after,
            fulfilled_before=fulfilled_before,
            received_after=received_after,
            received_before=received_before,
            cancelled_after=cancelled_after,
            cancelled_before=cancelled_before,
            total_min=total_min,
            total_max=total_max,
            q=q,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
