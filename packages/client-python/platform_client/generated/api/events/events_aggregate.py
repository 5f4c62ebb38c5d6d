import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_aggregate import EventAggregate
from ...models.events_aggregate_bucket_by import EventsAggregateBucketBy
from ...models.platform_event_type import PlatformEventType
from ...models.time_bucket import TimeBucket
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: EventsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    params["resource_id"] = resource_id

    json_occurred_after: str | Unset = UNSET
    if not isinstance(occurred_after, Unset):
        json_occurred_after = occurred_after.isoformat()
    params["occurred_after"] = json_occurred_after

    json_occurred_before: str | Unset = UNSET
    if not isinstance(occurred_before, Unset):
        json_occurred_before = occurred_before.isoformat()
    params["occurred_before"] = json_occurred_before

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
        "url": "/v1/events/aggregate",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EventAggregate | None:
    if response.status_code == 200:
        response_200 = EventAggregate.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[EventAggregate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: EventsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[EventAggregate]:
    """Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list events

     Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list `events`. Computed by the database in one statement.

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (EventsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventAggregate]
    """

    kwargs = _get_kwargs(
        type_=type_,
        resource_id=resource_id,
        occurred_after=occurred_after,
        occurred_before=occurred_before,
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
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: EventsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> EventAggregate | None:
    """Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list events

     Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list `events`. Computed by the database in one statement.

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (EventsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventAggregate
    """

    return sync_detailed(
        client=client,
        type_=type_,
        resource_id=resource_id,
        occurred_after=occurred_after,
        occurred_before=occurred_before,
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
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: EventsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[EventAggregate]:
    """Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list events

     Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list `events`. Computed by the database in one statement.

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (EventsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventAggregate]
    """

    kwargs = _get_kwargs(
        type_=type_,
        resource_id=resource_id,
        occurred_after=occurred_after,
        occurred_before=occurred_before,
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
    type_: PlatformEventType | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    occurred_after: datetime.datetime | Unset = UNSET,
    occurred_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: EventsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> EventAggregate | None:
    """Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list events

     Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period,
    with the filters of the list `events`. Computed by the database in one statement.

    Args:
        type_ (PlatformEventType | Unset): A type of event the platform emits (clients publish
            their own under `custom.`).
        resource_id (str | Unset):
        occurred_after (datetime.datetime | Unset):
        occurred_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (EventsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventAggregate
    """

    return (
        await asyncio_detailed(
            client=client,
            type_=type_,
            resource_id=resource_id,
            occurred_after=occurred_after,
            occurred_before=occurred_before,
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
