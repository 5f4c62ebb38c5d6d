import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.invoice_aggregate import InvoiceAggregate
from ...models.invoice_status import InvoiceStatus
from ...models.invoices_aggregate_bucket_by import InvoicesAggregateBucketBy
from ...models.time_bucket import TimeBucket
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: InvoiceStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    overdue: bool | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InvoicesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["customer_id"] = customer_id

    params["order_id"] = order_id

    params["currency"] = currency

    json_issued_after: str | Unset = UNSET
    if not isinstance(issued_after, Unset):
        json_issued_after = issued_after.isoformat()
    params["issued_after"] = json_issued_after

    json_issued_before: str | Unset = UNSET
    if not isinstance(issued_before, Unset):
        json_issued_before = issued_before.isoformat()
    params["issued_before"] = json_issued_before

    params["overdue"] = overdue

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
        "url": "/v1/finance/invoices/aggregate",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InvoiceAggregate | None:
    if response.status_code == 200:
        response_200 = InvoiceAggregate.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[InvoiceAggregate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: InvoiceStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    overdue: bool | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InvoicesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[InvoiceAggregate]:
    """Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list invoices

     Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list `invoices`. Computed by the database in one statement.

    Args:
        status (InvoiceStatus | Unset): Where an invoice is in its lifecycle: `draft` → `issued` →
            `paid`; `void` from `draft`, or from `issued` before any payment.
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        overdue (bool | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InvoicesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvoiceAggregate]
    """

    kwargs = _get_kwargs(
        status=status,
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        issued_after=issued_after,
        issued_before=issued_before,
        overdue=overdue,
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
    status: InvoiceStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    overdue: bool | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InvoicesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> InvoiceAggregate | None:
    """Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list invoices

     Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list `invoices`. Computed by the database in one statement.

    Args:
        status (InvoiceStatus | Unset): Where an invoice is in its lifecycle: `draft` → `issued` →
            `paid`; `void` from `draft`, or from `issued` before any payment.
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        overdue (bool | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InvoicesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvoiceAggregate
    """

    return sync_detailed(
        client=client,
        status=status,
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        issued_after=issued_after,
        issued_before=issued_before,
        overdue=overdue,
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
    status: InvoiceStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    overdue: bool | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InvoicesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> Response[InvoiceAggregate]:
    """Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list invoices

     Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list `invoices`. Computed by the database in one statement.

    Args:
        status (InvoiceStatus | Unset): Where an invoice is in its lifecycle: `draft` → `issued` →
            `paid`; `void` from `draft`, or from `issued` before any payment.
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        overdue (bool | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InvoicesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvoiceAggregate]
    """

    kwargs = _get_kwargs(
        status=status,
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        issued_after=issued_after,
        issued_before=issued_before,
        overdue=overdue,
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
    status: InvoiceStatus | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    overdue: bool | Unset = UNSET,
    group_by: str | Unset = UNSET,
    bucket: TimeBucket | Unset = UNSET,
    bucket_by: InvoicesAggregateBucketBy | Unset = UNSET,
    time_zone: str | Unset = UNSET,
    having: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    x_service_tenant: str,
) -> InvoiceAggregate | None:
    """Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list invoices

     Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period,
    with the filters of the list `invoices`. Computed by the database in one statement.

    Args:
        status (InvoiceStatus | Unset): Where an invoice is in its lifecycle: `draft` → `issued` →
            `paid`; `void` from `draft`, or from `issued` before any payment.
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        overdue (bool | Unset):
        group_by (str | Unset):
        bucket (TimeBucket | Unset): A calendar period records are bucketed by, in the time zone
            of the request (`week`: ISO weeks, from Monday).
        bucket_by (InvoicesAggregateBucketBy | Unset):
        time_zone (str | Unset):
        having (str | Unset):
        sort (str | Unset):
        limit (int | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvoiceAggregate
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            customer_id=customer_id,
            order_id=order_id,
            currency=currency,
            issued_after=issued_after,
            issued_before=issued_before,
            overdue=overdue,
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
