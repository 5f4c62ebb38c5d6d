import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ledger_balance import LedgerBalance
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    as_of: datetime.datetime | Unset = UNSET,
    account: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    json_as_of: str | Unset = UNSET
    if not isinstance(as_of, Unset):
        json_as_of = as_of.isoformat()
    params["as_of"] = json_as_of

    params["account"] = account

    params["currency"] = currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/finance/ledger-balances",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> list[LedgerBalance] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = LedgerBalance.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[list[LedgerBalance]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    as_of: datetime.datetime | Unset = UNSET,
    account: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[list[LedgerBalance]]:
    """The trial balance

     The trial balance: per account and currency, the totals of debits and credits and the balance,
    ordered by currency then account. Not paginated (one row per account and currency).

    Args:
        as_of (datetime.datetime | Unset):
        account (str | Unset):
        currency (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[list[LedgerBalance]]
    """

    kwargs = _get_kwargs(
        as_of=as_of,
        account=account,
        currency=currency,
        x_service_tenant=x_service_tenant,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    as_of: datetime.datetime | Unset = UNSET,
    account: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    x_service_tenant: str,
) -> list[LedgerBalance] | None:
    """The trial balance

     The trial balance: per account and currency, the totals of debits and credits and the balance,
    ordered by currency then account. Not paginated (one row per account and currency).

    Args:
        as_of (datetime.datetime | Unset):
        account (str | Unset):
        currency (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        list[LedgerBalance]
    """

    return sync_detailed(
        client=client,
        as_of=as_of,
        account=account,
        currency=currency,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    as_of: datetime.datetime | Unset = UNSET,
    account: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[list[LedgerBalance]]:
    """The trial balance

     The trial balance: per account and currency, the totals of debits and credits and the balance,
    ordered by currency then account. Not paginated (one row per account and currency).

    Args:
        as_of (datetime.datetime | Unset):
        account (str | Unset):
        currency (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[list[LedgerBalance]]
    """

    kwargs = _get_kwargs(
        as_of=as_of,
        account=account,
        currency=currency,
        x_service_tenant=x_service_tenant,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    as_of: datetime.datetime | Unset = UNSET,
    account: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    x_service_tenant: str,
) -> list[LedgerBalance] | None:
    """The trial balance

     The trial balance: per account and currency, the totals of debits and credits and the balance,
    ordered by currency then account. Not paginated (one row per account and currency).

    Args:
        as_of (datetime.datetime | Unset):
        account (str | Unset):
        currency (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        list[LedgerBalance]
    """

    return (
        await asyncio_detailed(
            client=client,
            as_of=as_of,
            account=account,
            currency=currency,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
