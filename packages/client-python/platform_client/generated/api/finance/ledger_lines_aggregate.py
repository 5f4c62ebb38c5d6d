import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ledger_entry_source_type import LedgerEntrySourceType
from ...models.ledger_line_aggregate import LedgerLineAggregate
from ...models.ledger_lines_aggregate_bucket_by import LedgerLinesAggregateBucketBy
from ...models.time_bucket import TimeBucket
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: LedgerLinesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    params["account"] = account

    json_source_type: str | Unset = UNSET
    if not isinstance(source_type, Unset):
        json_source_type = source_type.value

    params["source_type"] = json_source_type

    params["source_id"] = source_id

    params["currency"] = currency

    json_posted_after: str | Unset = UNSET
    if not isinstance(posted_after, Unset):
        json_posted_after = posted_after.isoformat()
    params["posted_after"] = json_posted_after

    json_posted_before: str | Unset = UNSET
    if not isinstance(posted_before, Unset):
        json_posted_before = posted_before.isoformat()
    params["posted_before"] = json_posted_before

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
        "url": "/v1/finance/ledger-lines/aggregate",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LedgerLineAggregate | None:
    if response.status_code == 200:
        response_200 = LedgerLineAggregate.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[LedgerLineAggregate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: LedgerLinesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[LedgerLineAggregate]:
    """Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list ledger_lines

     Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list `ledger_lines`. Computed by the database in one
    statement.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (LedgerLinesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerLineAggregate]
    """

    kwargs = _get_kwargs(
        account=account,
        source_type=source_type,
        source_id=source_id,
        currency=currency,
        posted_after=posted_after,
        posted_before=posted_before,
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
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: LedgerLinesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> LedgerLineAggregate | None:
    """Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list ledger_lines

     Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list `ledger_lines`. Computed by the database in one
    statement.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (LedgerLinesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerLineAggregate
    """

    return sync_detailed(
        client=client,
        account=account,
        source_type=source_type,
        source_id=source_id,
        currency=currency,
        posted_after=posted_after,
        posted_before=posted_before,
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
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: LedgerLinesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[LedgerLineAggregate]:
    """Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list ledger_lines

     Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list `ledger_lines`. Computed by the database in one
    statement.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (LedgerLinesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerLineAggregate]
    """

    kwargs = _get_kwargs(
        account=account,
        source_type=source_type,
        source_id=source_id,
        currency=currency,
        posted_after=posted_after,
        posted_before=posted_before,
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
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: LedgerLinesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> LedgerLineAggregate | None:
    """Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list ledger_lines

     Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by
    calendar period, with the filters of the list `ledger_lines`. Computed by the database in one
    statement.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (LedgerLinesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerLineAggregate
    """

    return (
        await asyncio_detailed(
            client=client,
            account=account,
            source_type=source_type,
            source_id=source_id,
            currency=currency,
            posted_after=posted_after,
            posted_before=posted_before,
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
