import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.audit_record_aggregate import AuditRecordAggregate
from ...models.audit_records_aggregate_bucket_by import AuditRecordsAggregateBucketBy
from ...models.time_bucket import TimeBucket
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    status: int | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: AuditRecordsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    params["actor_id"] = actor_id

    params["action"] = action

    params["status"] = status

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

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
        "url": "/v1/audit/records/aggregate",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuditRecordAggregate | None:
    if response.status_code == 200:
        response_200 = AuditRecordAggregate.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AuditRecordAggregate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    status: int | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: AuditRecordsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[AuditRecordAggregate]:
    """Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list audit_records

     Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list `audit_records`. Computed by the database in one statement.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        status (int | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (AuditRecordsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditRecordAggregate]
    """

    kwargs = _get_kwargs(
        actor_id=actor_id,
        action=action,
        status=status,
        from_=from_,
        to=to,
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
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    status: int | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: AuditRecordsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> AuditRecordAggregate | None:
    """Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list audit_records

     Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list `audit_records`. Computed by the database in one statement.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        status (int | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (AuditRecordsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditRecordAggregate
    """

    return sync_detailed(
        client=client,
        actor_id=actor_id,
        action=action,
        status=status,
        from_=from_,
        to=to,
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
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    status: int | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: AuditRecordsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[AuditRecordAggregate]:
    """Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list audit_records

     Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list `audit_records`. Computed by the database in one statement.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        status (int | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (AuditRecordsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditRecordAggregate]
    """

    kwargs = _get_kwargs(
        actor_id=actor_id,
        action=action,
        status=status,
        from_=from_,
        to=to,
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
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    status: int | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: AuditRecordsAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> AuditRecordAggregate | None:
    """Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list audit_records

     Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar
    period, with the filters of the list `audit_records`. Computed by the database in one statement.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        status (int | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (AuditRecordsAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditRecordAggregate
    """

    return (
        await asyncio_detailed(
            client=client,
            actor_id=actor_id,
            action=action,
            status=status,
            from_=from_,
            to=to,
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
