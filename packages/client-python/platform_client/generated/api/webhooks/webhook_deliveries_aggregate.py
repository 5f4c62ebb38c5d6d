from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.time_bucket import TimeBucket
from ...models.webhook_deliveries_aggregate_bucket_by import (
    WebhookDeliveriesAggregateBucketBy,
)
from ...models.webhook_delivery_aggregate import WebhookDeliveryAggregate
from ...models.webhook_delivery_status import WebhookDeliveryStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    endpoint_id: str | Unset = UNSET,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: WebhookDeliveriesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    params["endpoint_id"] = endpoint_id

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["event_id"] = event_id

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
        "url": "/v1/events/webhook-deliveries/aggregate",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> WebhookDeliveryAggregate | None:
    if response.status_code == 200:
        response_200 = WebhookDeliveryAggregate.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[WebhookDeliveryAggregate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    endpoint_id: str | Unset = UNSET,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: WebhookDeliveriesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[WebhookDeliveryAggregate]:
    """Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list webhook_deliveries

     Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list `webhook_deliveries`. Computed by the database in one
    statement.

    Args:
        endpoint_id (str | Unset):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (WebhookDeliveriesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookDeliveryAggregate]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        status=status,
        event_id=event_id,
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
    endpoint_id: str | Unset = UNSET,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: WebhookDeliveriesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> WebhookDeliveryAggregate | None:
    """Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list webhook_deliveries

     Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list `webhook_deliveries`. Computed by the database in one
    statement.

    Args:
        endpoint_id (str | Unset):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (WebhookDeliveriesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookDeliveryAggregate
    """

    return sync_detailed(
        client=client,
        endpoint_id=endpoint_id,
        status=status,
        event_id=event_id,
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
    endpoint_id: str | Unset = UNSET,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: WebhookDeliveriesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[WebhookDeliveryAggregate]:
    """Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list webhook_deliveries

     Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list `webhook_deliveries`. Computed by the database in one
    statement.

    Args:
        endpoint_id (str | Unset):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (WebhookDeliveriesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WebhookDeliveryAggregate]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        status=status,
        event_id=event_id,
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
    endpoint_id: str | Unset = UNSET,
    status: WebhookDeliveryStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: WebhookDeliveriesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> WebhookDeliveryAggregate | None:
    """Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list webhook_deliveries

     Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by
    calendar period, with the filters of the list `webhook_deliveries`. Computed by the database in one
    statement.

    Args:
        endpoint_id (str | Unset):
        status (WebhookDeliveryStatus | Unset): Where a delivery is.
        event_id (str | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (WebhookDeliveriesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WebhookDeliveryAggregate
    """

    return (
        await asyncio_detailed(
            client=client,
            endpoint_id=endpoint_id,
            status=status,
            event_id=event_id,
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
