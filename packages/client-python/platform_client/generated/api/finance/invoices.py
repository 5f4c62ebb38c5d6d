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
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
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
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
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
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
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
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        issued_after=issued_after,
        issued_before=issued_before,
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
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
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
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
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
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        issued_after=issued_after,
        issued_before=issued_before,
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
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
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
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
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
        customer_id=customer_id,
        order_id=order_id,
        currency=currency,
        issued_after=issued_after,
        issued_before=issued_before,
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
    customer_id: str | Unset = UNSET,
    order_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    issued_after: datetime.datetime | Unset = UNSET,
    issued_before: datetime.datetime | Unset = UNSET,
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
        customer_id (str | Unset):
        order_id (str | Unset):
        currency (str | Unset):
        issued_after (datetime.datetime | Unset):
        issued_before (datetime.datetime | Unset):
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
            customer_id=customer_id,
            order_id=order_id,
            currency=currency,
            issued_after=issued_after,
            issued_before=issued_before,
            overdue=overdue,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
