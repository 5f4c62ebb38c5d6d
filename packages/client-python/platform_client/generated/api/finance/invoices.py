import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.invoice_list import InvoiceList
from ...models.invoice_status import InvoiceStatus
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

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/finance/invoices",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InvoiceList | None:
    if response.status_code == 200:
        response_200 = InvoiceList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[InvoiceList]:
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[InvoiceList]:
    """Invoices, newest first by default

     Invoices, newest first by default.

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
        Response[InvoiceList]
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> InvoiceList | None:
    """Invoices, newest first by default

     Invoices, newest first by default.

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
        InvoiceList
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[InvoiceList]:
    """Invoices, newest first by default

     Invoices, newest first by default.

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
        Response[InvoiceList]
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> InvoiceList | None:
    """Invoices, newest first by default

     Invoices, newest first by default.

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
        InvoiceList
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
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
