from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_invoice_input import CreateInvoiceInput
from ...models.invoice import Invoice
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateInvoiceInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/finance/invoices",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Invoice | None:
    if response.status_code == 201:
        response_201 = Invoice.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Invoice]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateInvoiceInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Invoice]:
    """Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (order_id)

     Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (`order_id`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInvoiceInput): A new draft invoice: either `customer_id`, `currency` and
            `lines`, or `order_id` (the order’s customer, currency and lines are copied).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateInvoiceInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Invoice | None:
    """Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (order_id)

     Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (`order_id`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInvoiceInput): A new draft invoice: either `customer_id`, `currency` and
            `lines`, or `order_id` (the order’s customer, currency and lines are copied).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invoice
    """

    return sync_detailed(
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateInvoiceInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Invoice]:
    """Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (order_id)

     Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (`order_id`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInvoiceInput): A new draft invoice: either `customer_id`, `currency` and
            `lines`, or `order_id` (the order’s customer, currency and lines are copied).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice]
    """

    kwargs = _get_kwargs(
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateInvoiceInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Invoice | None:
    """Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (order_id)

     Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (`order_id`).

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateInvoiceInput): A new draft invoice: either `customer_id`, `currency` and
            `lines`, or `order_id` (the order’s customer, currency and lines are copied).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invoice
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
