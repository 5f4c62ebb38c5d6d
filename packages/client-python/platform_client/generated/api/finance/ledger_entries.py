import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ledger_entry_list import LedgerEntryList
from ...models.ledger_entry_source_type import LedgerEntrySourceType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
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

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/finance/ledger-entries",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LedgerEntryList | None:
    if response.status_code == 200:
        response_200 = LedgerEntryList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[LedgerEntryList]:
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[LedgerEntryList]:
    """Journal entries, newest posting first by default

     Journal entries, newest posting first by default.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
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
        Response[LedgerEntryList]
    """

    kwargs = _get_kwargs(
        account=account,
        source_type=source_type,
        source_id=source_id,
        currency=currency,
        posted_after=posted_after,
        posted_before=posted_before,
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
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> LedgerEntryList | None:
    """Journal entries, newest posting first by default

     Journal entries, newest posting first by default.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
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
        LedgerEntryList
    """

    return sync_detailed(
        client=client,
        account=account,
        source_type=source_type,
        source_id=source_id,
        currency=currency,
        posted_after=posted_after,
        posted_before=posted_before,
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
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[LedgerEntryList]:
    """Journal entries, newest posting first by default

     Journal entries, newest posting first by default.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
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
        Response[LedgerEntryList]
    """

    kwargs = _get_kwargs(
        account=account,
        source_type=source_type,
        source_id=source_id,
        currency=currency,
        posted_after=posted_after,
        posted_before=posted_before,
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
    account: str | Unset = UNSET,
    source_type: LedgerEntrySourceType | Unset = UNSET,
    source_id: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    posted_after: datetime.datetime | Unset = UNSET,
    posted_before: datetime.datetime | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> LedgerEntryList | None:
    """Journal entries, newest posting first by default

     Journal entries, newest posting first by default.

    Args:
        account (str | Unset):
        source_type (LedgerEntrySourceType | Unset): What posted a journal entry.
        source_id (str | Unset):
        currency (str | Unset):
        posted_after (datetime.datetime | Unset):
        posted_before (datetime.datetime | Unset):
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
        LedgerEntryList
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
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
