from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ledger_entry import LedgerEntry
from ...models.post_ledger_entry_input import PostLedgerEntryInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PostLedgerEntryInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/finance/ledger-entries",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LedgerEntry | None:
    if response.status_code == 201:
        response_201 = LedgerEntry.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[LedgerEntry]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PostLedgerEntryInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[LedgerEntry]:
    """Posts a manual journal entry (source_type: manual)

     Posts a manual journal entry (`source_type: manual`). Refused with 422 `unbalanced_entry` when
    debits and credits differ.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PostLedgerEntryInput): A manual journal entry.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerEntry]
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
    body: PostLedgerEntryInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> LedgerEntry | None:
    """Posts a manual journal entry (source_type: manual)

     Posts a manual journal entry (`source_type: manual`). Refused with 422 `unbalanced_entry` when
    debits and credits differ.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PostLedgerEntryInput): A manual journal entry.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerEntry
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
    body: PostLedgerEntryInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[LedgerEntry]:
    """Posts a manual journal entry (source_type: manual)

     Posts a manual journal entry (`source_type: manual`). Refused with 422 `unbalanced_entry` when
    debits and credits differ.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PostLedgerEntryInput): A manual journal entry.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerEntry]
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
    body: PostLedgerEntryInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> LedgerEntry | None:
    """Posts a manual journal entry (source_type: manual)

     Posts a manual journal entry (`source_type: manual`). Refused with 422 `unbalanced_entry` when
    debits and credits differ.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (PostLedgerEntryInput): A manual journal entry.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerEntry
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
