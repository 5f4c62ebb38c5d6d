from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.connector_list import ConnectorList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
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

    params["sort"] = sort

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/connectors",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectorList | None:
    if response.status_code == 200:
        response_200 = ConnectorList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ConnectorList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[ConnectorList]:
    """Connectors, newest first by default

     Connectors, newest first by default. Credentials are never listed.

    Args:
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
        Response[ConnectorList]
    """

    kwargs = _get_kwargs(
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> ConnectorList | None:
    """Connectors, newest first by default

     Connectors, newest first by default. Credentials are never listed.

    Args:
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
        ConnectorList
    """

    return sync_detailed(
        client=client,
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[ConnectorList]:
    """Connectors, newest first by default

     Connectors, newest first by default. Credentials are never listed.

    Args:
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
        Response[ConnectorList]
    """

    kwargs = _get_kwargs(
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
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> ConnectorList | None:
    """Connectors, newest first by default

     Connectors, newest first by default. Credentials are never listed.

    Args:
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
        ConnectorList
    """

    return (
        await asyncio_detailed(
            client=client,
            sort=sort,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
