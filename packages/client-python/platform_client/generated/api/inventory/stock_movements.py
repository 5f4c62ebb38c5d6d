import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.stock_movement_kind import StockMovementKind
from ...models.stock_movement_list import StockMovementList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    item_id: str | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    kind: StockMovementKind | Unset = UNSET,
    source_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    quantity_min: int | Unset = UNSET,
    quantity_max: int | Unset = UNSET,
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

    params["item_id"] = item_id

    params["warehouse_id"] = warehouse_id

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind.value

    params["kind"] = json_kind

    params["source_id"] = source_id

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params["quantity_min"] = quantity_min

    params["quantity_max"] = quantity_max

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/inventory/movements",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> StockMovementList | None:
    if response.status_code == 200:
        response_200 = StockMovementList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[StockMovementList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    item_id: str | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    kind: StockMovementKind | Unset = UNSET,
    source_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    quantity_min: int | Unset = UNSET,
    quantity_max: int | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[StockMovementList]:
    """The stock movement history, newest first by default

     The stock movement history, newest first by default.

    Args:
        item_id (str | Unset):
        warehouse_id (str | Unset):
        kind (StockMovementKind | Unset): Why stock changed.
        source_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        quantity_min (int | Unset):
        quantity_max (int | Unset):
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
        Response[StockMovementList]
    """

    kwargs = _get_kwargs(
        item_id=item_id,
        warehouse_id=warehouse_id,
        kind=kind,
        source_id=source_id,
        created_after=created_after,
        created_before=created_before,
        quantity_min=quantity_min,
        quantity_max=quantity_max,
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
    item_id: str | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    kind: StockMovementKind | Unset = UNSET,
    source_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    quantity_min: int | Unset = UNSET,
    quantity_max: int | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> StockMovementList | None:
    """The stock movement history, newest first by default

     The stock movement history, newest first by default.

    Args:
        item_id (str | Unset):
        warehouse_id (str | Unset):
        kind (StockMovementKind | Unset): Why stock changed.
        source_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        quantity_min (int | Unset):
        quantity_max (int | Unset):
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
        StockMovementList
    """

    return sync_detailed(
        client=client,
        item_id=item_id,
        warehouse_id=warehouse_id,
        kind=kind,
        source_id=source_id,
        created_after=created_after,
        created_before=created_before,
        quantity_min=quantity_min,
        quantity_max=quantity_max,
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
    item_id: str | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    kind: StockMovementKind | Unset = UNSET,
    source_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    quantity_min: int | Unset = UNSET,
    quantity_max: int | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[StockMovementList]:
    """The stock movement history, newest first by default

     The stock movement history, newest first by default.

    Args:
        item_id (str | Unset):
        warehouse_id (str | Unset):
        kind (StockMovementKind | Unset): Why stock changed.
        source_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        quantity_min (int | Unset):
        quantity_max (int | Unset):
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
        Response[StockMovementList]
    """

    kwargs = _get_kwargs(
        item_id=item_id,
        warehouse_id=warehouse_id,
        kind=kind,
        source_id=source_id,
        created_after=created_after,
        created_before=created_before,
        quantity_min=quantity_min,
        quantity_max=quantity_max,
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
    item_id: str | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    kind: StockMovementKind | Unset = UNSET,
    source_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    quantity_min: int | Unset = UNSET,
    quantity_max: int | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> StockMovementList | None:
    """The stock movement history, newest first by default

     The stock movement history, newest first by default.

    Args:
        item_id (str | Unset):
        warehouse_id (str | Unset):
        kind (StockMovementKind | Unset): Why stock changed.
        source_id (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        quantity_min (int | Unset):
        quantity_max (int | Unset):
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
        StockMovementList
    """

    return (
        await asyncio_detailed(
            client=client,
            item_id=item_id,
            warehouse_id=warehouse_id,
            kind=kind,
            source_id=source_id,
            created_after=created_after,
            created_before=created_before,
            quantity_min=quantity_min,
            quantity_max=quantity_max,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
