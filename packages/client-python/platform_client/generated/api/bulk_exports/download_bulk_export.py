from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import UNSET, Response


def _get_kwargs(
    id: str,
    *,
    token: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["token"] = token

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/bulk/exports/{id}/download".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> str | None:
    if response.status_code == 200:
        response_200 = cast(str, response.content)
        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> Response[str]:
    """Download a completed export’s file by its signed link

     The `download_url` of a completed export (`GET /v1/bulk/exports/{id}`), usable without credentials
    until `download_expires_at`: streamed from the platform, NDJSON (one record per line) or CSV (a
    header of the selected leaves). An altered link, or one of another export, is a 403
    `download_link_invalid`; an expired one a 410 `download_link_expired` (read the export again for a
    fresh link); an export deleted after its retention a 404.

    Args:
        id (str):
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[str]
    """

    kwargs = _get_kwargs(
        id=id,
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> str | None:
    """Download a completed export’s file by its signed link

     The `download_url` of a completed export (`GET /v1/bulk/exports/{id}`), usable without credentials
    until `download_expires_at`: streamed from the platform, NDJSON (one record per line) or CSV (a
    header of the selected leaves). An altered link, or one of another export, is a 403
    `download_link_invalid`; an expired one a 410 `download_link_expired` (read the export again for a
    fresh link); an export deleted after its retention a 404.

    Args:
        id (str):
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
    """

    return sync_detailed(
        id=id,
        client=client,
        token=token,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> Response[str]:
    """Download a completed export’s file by its signed link

     The `download_url` of a completed export (`GET /v1/bulk/exports/{id}`), usable without credentials
    until `download_expires_at`: streamed from the platform, NDJSON (one record per line) or CSV (a
    header of the selected leaves). An altered link, or one of another export, is a 403
    `download_link_invalid`; an expired one a 410 `download_link_expired` (read the export again for a
    fresh link); an export deleted after its retention a 404.

    Args:
        id (str):
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[str]
    """

    kwargs = _get_kwargs(
        id=id,
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> str | None:
    """Download a completed export’s file by its signed link

     The `download_url` of a completed export (`GET /v1/bulk/exports/{id}`), usable without credentials
    until `download_expires_at`: streamed from the platform, NDJSON (one record per line) or CSV (a
    header of the selected leaves). An altered link, or one of another export, is a 403
    `download_link_invalid`; an expired one a 410 `download_link_expired` (read the export again for a
    fresh link); an export deleted after its retention a 404.

    Args:
        id (str):
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            token=token,
        )
    ).parsed
