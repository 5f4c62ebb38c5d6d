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
    status_in: list[InvoiceStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    paid_after: datetime.datetime | Unset = UNSET,
    paid_before: datetime.datetime | Unset = UNSET,
    voided_after: datetime.datetime | Unset = UNSET,
    voided_before: datetime.datetime | Unset = UNSET,
    due_after: str | Unset = UNSET,
    due_before: str | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    amount_due_min: int | Unset = UNSET,
    amount_due_max: int | Unset = UNSET,
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

    json_status_in: list[str] | Unset = UNSET
    if not isinstance(status_in, Unset):
        json_status_in = []
        for status_in_item_data in status_in:
            status_in_item = status_in_item_data.value
            json_status_in.append(status_in_item)

    params["status_in"] = json_status_in

    params["customer_id"] = customer_id

    params["order_id"] = order_id

    params["currency"] = currency

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    json_issued_after: str | Unset = UNSET
    if not isinstance(issued_after, Unset):
        json_issued_after = issued_after.isoformat()
    params["issued_after"] = json_issued_after

    json_issued_before: str | Unset = UNSET
    if not isinstance(issued_before, Unset):
        json_issued_before = issued_before.isoformat()
    params["issued_before"] = json_issued_before

    json_paid_after: str | Unset = UNSET
    if not isinstance(paid_after, Unset):
        json_paid_after = paid_after.isoformat()
    params["paid_after"] = json_paid_after

    json_paid_before: str | Unset = UNSET
    if not isinstance(paid_before, Unset):
        json_paid_before = paid_before.isoformat()
    params["paid_before"] = json_paid_before

    json_voided_after: str | Unset = UNSET
    if not isinstance(voided_after, Unset):
        json_voided_after = voided_after.isoformat()
    params["voided_after"] = json_voided_after

    json_voided_before: str | Unset = UNSET
    if not isinstance(voided_before, Unset):
        json_voided_before = voided_before.isoformat()
    params["voided_before"] = json_voided_before

    params["due_after"] = due_after

    params["due_before"] = due_before

    params["total_min"] = total_min

    params["total_max"] = total_max

    params["amount_due_min"] = amount_due_min

    params["amount_due_max"] = amount_due_max

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
    status_in: list[InvoiceStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    paid_after: datetime.datetime | Unset = UNSET,
    paid_before: datetime.datetime | Unset = UNSET,
    voided_after: datetime.datetime | Unset = UNSET,
    voided_before: datetime.datetime | Unset = UNSET,
    due_after: str | Unset = UNSET,
    due_before: str | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    amount_due_min: int | Unset = UNSET,
    amount_due_max: int | Unset = UNSET,
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
        status_in (list[InvoiceStatus] | Unset):
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        paid_after (datetime.datetime | Unset):
        paid_before (datetime.datetime | Unset):
        voided_after (datetime.datetime | Unset):
        voided_before (datetime.datetime | Unset):
        due_after (str | Unset):
        due_before (str | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        amount_due_min (int | Unset):
        amount_due_max (int | Unset):
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
        status_in=status_in,
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        created_after=created_after,
        created_before=created_before,
        issued_after=issued_after,
        issued_before=issued_before,
        paid_after=paid_after,
        paid_before=paid_before,
        voided_after=voided_after,
        voided_before=voided_before,
        due_after=due_after,
        due_before=due_before,
        total_min=total_min,
        total_max=total_max,
        amount_due_min=amount_due_min,
        amount_due_max=amount_due_max,
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
    status_in: list[InvoiceStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    paid_after: datetime.datetime | Unset = UNSET,
    paid_before: datetime.datetime | Unset = UNSET,
    voided_after: datetime.datetime | Unset = UNSET,
    voided_before: datetime.datetime | Unset = UNSET,
    due_after: str | Unset = UNSET,
    due_before: str | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    amount_due_min: int | Unset = UNSET,
    amount_due_max: int | Unset = UNSET,
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
        status_in (list[InvoiceStatus] | Unset):
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        paid_after (datetime.datetime | Unset):
        paid_before (datetime.datetime | Unset):
        voided_after (datetime.datetime | Unset):
        voided_before (datetime.datetime | Unset):
        due_after (str | Unset):
        due_before (str | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        amount_due_min (int | Unset):
        amount_due_max (int | Unset):
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
        status_in=status_in,
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        created_after=created_after,
        created_before=created_before,
        issued_after=issued_after,
        issued_before=issued_before,
        paid_after=paid_after,
        paid_before=paid_before,
        voided_after=voided_after,
        voided_before=voided_before,
        due_after=due_after,
        due_before=due_before,
        total_min=total_min,
        total_max=total_max,
        amount_due_min=amount_due_min,
        amount_due_max=amount_due_max,
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
    status_in: list[InvoiceStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    paid_after: datetime.datetime | Unset = UNSET,
    paid_before: datetime.datetime | Unset = UNSET,
    voided_after: datetime.datetime | Unset = UNSET,
    voided_before: datetime.datetime | Unset = UNSET,
    due_after: str | Unset = UNSET,
    due_before: str | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    amount_due_min: int | Unset = UNSET,
    amount_due_max: int | Unset = UNSET,
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
        status_in (list[InvoiceStatus] | Unset):
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        paid_after (datetime.datetime | Unset):
        paid_before (datetime.datetime | Unset):
        voided_after (datetime.datetime | Unset):
        voided_before (datetime.datetime | Unset):
        due_after (str | Unset):
        due_before (str | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        amount_due_min (int | Unset):
        amount_due_max (int | Unset):
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
        status_in=status_in,
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        created_after=created_after,
        created_before=created_before,
        issued_after=issued_after,
        issued_before=issued_before,
        paid_after=paid_after,
        paid_before=paid_before,
        voided_after=voided_after,
        voided_before=voided_before,
        due_after=due_after,
        due_before=due_before,
        total_min=total_min,
        total_max=total_max,
        amount_due_min=amount_due_min,
        amount_due_max=amount_due_max,
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
    status_in: list[InvoiceStatus] | Unset = UNSET,
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
    paid_after: datetime.datetime | Unset = UNSET,
    paid_before: datetime.datetime | Unset = UNSET,
    voided_after: datetime.datetime | Unset = UNSET,
    voided_before: datetime.datetime | Unset = UNSET,
    due_after: str | Unset = UNSET,
    due_before: str | Unset = UNSET,
    total_min: int | Unset = UNSET,
    total_max: int | Unset = UNSET,
    amount_due_min: int | Unset = UNSET,
    amount_due_max: int | Unset = UNSET,
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
        status_in (list[InvoiceStatus] | Unset):
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
        paid_after (datetime.datetime | Unset):
        paid_before (datetime.datetime | Unset):
        voided_after (datetime.datetime | Unset):
        voided_before (datetime.datetime | Unset):
        due_after (str | Unset):
        due_before (str | Unset):
        total_min (int | Unset):
        total_max (int | Unset):
        amount_due_min (int | Unset):
        amount_due_max (int | Unset):
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
            status_in=status_in,
            customer_id=customer_id,
            order_id=order_id,
            currency=currency,
            created_after=created_after,
            created_before=created_before,
            issued_after=issued_after,
            issued_before=issued_before,
            paid_after=paid_after,
            paid_before=paid_before,
            voided_after=voided_after,
            voided_before=voided_before,
            due_after=due_after,
            due_before=due_before,
            total_min=total_min,
            total_max=total_max,
            amount_due_min=amount_due_min,
            amount_due_max=amount_due_max,
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
