from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.sync_job_aggregate import SyncJobAggregate
from ...models.sync_job_state import SyncJobState
from ...models.sync_jobs_aggregate_bucket_by import SyncJobsAggregateBucketBy
from ...models.time_bucket import TimeBucket
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    connector_id: str | Unset = UNSET,
    state: SyncJobState | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: SyncJobsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    params["connector_id"] = connector_id

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state.value

    params["state"] = json_state

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
        "url": "/v1/sync/jobs/aggregate",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> SyncJobAggregate | None:
    if response.status_code == 200:
        response_200 = SyncJobAggregate.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[SyncJobAggregate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    connector_id: str | Unset = UNSET,
    state: SyncJobState | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: SyncJobsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[SyncJobAggregate]:
    """Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list sync_jobs

     Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list `sync_jobs`. Computed by the database in one statement.

    Args:
        connector_id (str | Unset):
        state (SyncJobState | Unset): Where a sync job is.
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (SyncJobsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncJobAggregate]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        state=state,
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
    connector_id: str | Unset = UNSET,
    state: SyncJobState | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: SyncJobsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> SyncJobAggregate | None:
    """Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list sync_jobs

     Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list `sync_jobs`. Computed by the database in one statement.

    Args:
        connector_id (str | Unset):
        state (SyncJobState | Unset): Where a sync job is.
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (SyncJobsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncJobAggregate
    """

    return sync_detailed(
        client=client,
        connector_id=connector_id,
        state=state,
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
    connector_id: str | Unset = UNSET,
    state: SyncJobState | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: SyncJobsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[SyncJobAggregate]:
    """Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list sync_jobs

     Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list `sync_jobs`. Computed by the database in one statement.

    Args:
        connector_id (str | Unset):
        state (SyncJobState | Unset): Where a sync job is.
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (SyncJobsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SyncJobAggregate]
    """

    kwargs = _get_kwargs(
        connector_id=connector_id,
        state=state,
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
    connector_id: str | Unset = UNSET,
    state: SyncJobState | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: SyncJobsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> SyncJobAggregate | None:
    """Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list sync_jobs

     Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar
    period, with the filters of the list `sync_jobs`. Computed by the database in one statement.

    Args:
        connector_id (str | Unset):
        state (SyncJobState | Unset): Where a sync job is.
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (SyncJobsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SyncJobAggregate
    """

    return (
        await asyncio_detailed(
            client=client,
            connector_id=connector_id,
            state=state,
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
