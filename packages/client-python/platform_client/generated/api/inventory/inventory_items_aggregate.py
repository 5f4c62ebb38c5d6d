from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.inventory_item_aggregate import InventoryItemAggregate
from ...models.inventory_items_aggregate_bucket_by import (
    InventoryItemsAggregateBucketBy,
)
from ...models.time_bucket import TimeBucket
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    reorder_below: bool | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    archived: bool | Unset = UNSET,
    q: str | Unset = UNSET,
    quantity_on_hand_min: int | Unset = UNSET,
    quantity_on_hand_max: int | Unset = UNSET,
    reorder_point_min: int | Unset = UNSET,
    reorder_point_max: int | Unset = UNSET,
    unit_cost_min: int | Unset = UNSET,
    unit_cost_max: int | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InventoryItemsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    params["reorder_below"] = reorder_below

    params["warehouse_id"] = warehouse_id

    params["archived"] = archived

    params["q"] = q

    params["quantity_on_hand_min"] = quantity_on_hand_min

    params["quantity_on_hand_max"] = quantity_on_hand_max

    params["reorder_point_min"] = reorder_point_min

    params["reorder_point_max"] = reorder_point_max

    params["unit_cost_min"] = unit_cost_min

    params["unit_cost_max"] = unit_cost_max

    params["group_by"] = group_by

    json_bucket: str | Unset = UNSET
    if not isinstance(bucket, Unset):
        json_bucket = bucket.value

    params["bucket"] = json_bucket

    json_bucket_by: str | Unset = UNSET
    if not isinstance(bucket_by, Unset):
        json_bucket_by = bucket_by.value

    params["bucket_by"] = json_bucket_by

    params["time_zone"] = time_zone

    params["having"] = having

    params["sort"] = sort

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/inventory/items/aggregate",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InventoryItemAggregate | None:
    if response.status_code == 200:
        response_200 = InventoryItemAggregate.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[InventoryItemAggregate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    reorder_below: bool | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    archived: bool | Unset = UNSET,
    q: str | Unset = UNSET,
    quantity_on_hand_min: int | Unset = UNSET,
    quantity_on_hand_max: int | Unset = UNSET,
    reorder_point_min: int | Unset = UNSET,
    reorder_point_max: int | Unset = UNSET,
    unit_cost_min: int | Unset = UNSET,
    unit_cost_max: int | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InventoryItemsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[InventoryItemAggregate]:
    """Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list inventory_items

     Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list `inventory_items`. Computed by the database in one statement.

    Args:
        reorder_below (bool | Unset):
        warehouse_id (str | Unset):
        archived (bool | Unset):
        q (str | Unset):
        quantity_on_hand_min (int | Unset):
        quantity_on_hand_max (int | Unset):
        reorder_point_min (int | Unset):
        reorder_point_max (int | Unset):
        unit_cost_min (int | Unset):
        unit_cost_max (int | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InventoryItemsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InventoryItemAggregate]
    """

    kwargs = _get_kwargs(
        reorder_below=reorder_below,
        warehouse_id=warehouse_id,
        archived=archived,
        q=q,
        quantity_on_hand_min=quantity_on_hand_min,
        quantity_on_hand_max=quantity_on_hand_max,
        reorder_point_min=reorder_point_min,
        reorder_point_max=reorder_point_max,
        unit_cost_min=unit_cost_min,
        unit_cost_max=unit_cost_max,
        group_by=group_by,
        bucket=bucket,
        bucket_by=bucket_by,
        time_zone=time_zone,
        having=having,
        sort=sort,
        limit=limit,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    reorder_below: bool | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    archived: bool | Unset = UNSET,
    q: str | Unset = UNSET,
    quantity_on_hand_min: int | Unset = UNSET,
    quantity_on_hand_max: int | Unset = UNSET,
    reorder_point_min: int | Unset = UNSET,
    reorder_point_max: int | Unset = UNSET,
    unit_cost_min: int | Unset = UNSET,
    unit_cost_max: int | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InventoryItemsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> InventoryItemAggregate | None:
    """Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list inventory_items

     Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list `inventory_items`. Computed by the database in one statement.

    Args:
        reorder_below (bool | Unset):
        warehouse_id (str | Unset):
        archived (bool | Unset):
        q (str | Unset):
        quantity_on_hand_min (int | Unset):
        quantity_on_hand_max (int | Unset):
        reorder_point_min (int | Unset):
        reorder_point_max (int | Unset):
        unit_cost_min (int | Unset):
        unit_cost_max (int | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InventoryItemsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InventoryItemAggregate
    """

    return sync_detailed(
        client=client,
        reorder_below=reorder_below,
        warehouse_id=warehouse_id,
        archived=archived,
        q=q,
        quantity_on_hand_min=quantity_on_hand_min,
        quantity_on_hand_max=quantity_on_hand_max,
        reorder_point_min=reorder_point_min,
        reorder_point_max=reorder_point_max,
        unit_cost_min=unit_cost_min,
        unit_cost_max=unit_cost_max,
        group_by=group_by,
        bucket=bucket,
        bucket_by=bucket_by,
        time_zone=time_zone,
        having=having,
        sort=sort,
        limit=limit,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    reorder_below: bool | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    archived: bool | Unset = UNSET,
    q: str | Unset = UNSET,
    quantity_on_hand_min: int | Unset = UNSET,
    quantity_on_hand_max: int | Unset = UNSET,
    reorder_point_min: int | Unset = UNSET,
    reorder_point_max: int | Unset = UNSET,
    unit_cost_min: int | Unset = UNSET,
    unit_cost_max: int | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InventoryItemsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[InventoryItemAggregate]:
    """Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list inventory_items

     Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list `inventory_items`. Computed by the database in one statement.

    Args:
        reorder_below (bool | Unset):
        warehouse_id (str | Unset):
        archived (bool | Unset):
        q (str | Unset):
        quantity_on_hand_min (int | Unset):
        quantity_on_hand_max (int | Unset):
        reorder_point_min (int | Unset):
        reorder_point_max (int | Unset):
        unit_cost_min (int | Unset):
        unit_cost_max (int | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InventoryItemsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InventoryItemAggregate]
    """

    kwargs = _get_kwargs(
        reorder_below=reorder_below,
        warehouse_id=warehouse_id,
        archived=archived,
        q=q,
        quantity_on_hand_min=quantity_on_hand_min,
        quantity_on_hand_max=quantity_on_hand_max,
        reorder_point_min=reorder_point_min,
        reorder_point_max=reorder_point_max,
        unit_cost_min=unit_cost_min,
        unit_cost_max=unit_cost_max,
        group_by=group_by,
        bucket=bucket,
        bucket_by=bucket_by,
        time_zone=time_zone,
        having=having,
        sort=sort,
        limit=limit,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    reorder_below: bool | Unset = UNSET,
    warehouse_id: str | Unset = UNSET,
    archived: bool | Unset = UNSET,
    q: str | Unset = UNSET,
    quantity_on_hand_min: int | Unset = UNSET,
    quantity_on_hand_max: int | Unset = UNSET,
    reorder_point_min: int | Unset = UNSET,
    reorder_point_max: int | Unset = UNSET,
    unit_cost_min: int | Unset = UNSET,
    unit_cost_max: int | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InventoryItemsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> InventoryItemAggregate | None:
    """Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list inventory_items

     Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar
    period, with the filters of the list `inventory_items`. Computed by the database in one statement.

    Args:
        reorder_below (bool | Unset):
        warehouse_id (str | Unset):
        archived (bool | Unset):
        q (str | Unset):
        quantity_on_hand_min (int | Unset):
        quantity_on_hand_max (int | Unset):
        reorder_point_min (int | Unset):
        reorder_point_max (int | Unset):
        unit_cost_min (int | Unset):
        unit_cost_max (int | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InventoryItemsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InventoryItemAggregate
    """

    return (
        await asyncio_detailed(
            client=client,
            reorder_below=reorder_below,
            warehouse_id=warehouse_id,
            archived=archived,
            q=q,
            quantity_on_hand_min=quantity_on_hand_min,
            quantity_on_hand_max=quantity_on_hand_max,
            reorder_point_min=reorder_point_min,
            reorder_point_max=reorder_point_max,
            unit_cost_min=unit_cost_min,
            unit_cost_max=unit_cost_max,
            group_by=group_by,
            bucket=bucket,
            bucket_by=bucket_by,
            time_zone=time_zone,
            having=having,
            sort=sort,
            limit=limit,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
