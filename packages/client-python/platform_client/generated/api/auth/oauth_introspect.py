from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.introspection import Introspection
from ...models.o_auth_error import OAuthError
from ...models.oauth_introspect_data_body import OauthIntrospectDataBody
from ...models.oauth_introspect_json_body import OauthIntrospectJsonBody
from ...types import UNSET, Response


def _get_kwargs(
    *,
    body: OauthIntrospectJsonBody | OauthIntrospectDataBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/oauth/introspect",
    }

    if isinstance(body, OauthIntrospectJsonBody):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, OauthIntrospectDataBody):
        _kwargs["data"] = body.to_dict()
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Introspection | OAuthError | None:
    if response.status_code == 200:
        response_200 = Introspection.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OAuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = OAuthError.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = OAuthError.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Introspection | OAuthError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OauthIntrospectJsonBody | OauthIntrospectDataBody | Unset = UNSET,
) -> Response[Introspection | OAuthError]:
    """Describe an access token or API key

     Describes an access token or API key of the calling client's tenant (RFC 7662).

    Args:
        body (OauthIntrospectJsonBody):
        body (OauthIntrospectDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Introspection | OAuthError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: OauthIntrospectJsonBody | OauthIntrospectDataBody | Unset = UNSET,
) -> Introspection | OAuthError | None:
    """Describe an access token or API key

     Describes an access token or API key of the calling client's tenant (RFC 7662).

    Args:
        body (OauthIntrospectJsonBody):
        body (OauthIntrospectDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Introspection | OAuthError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OauthIntrospectJsonBody | OauthIntrospectDataBody | Unset = UNSET,
) -> Response[Introspection | OAuthError]:
    """Describe an access token or API key

     Describes an access token or API key of the calling client's tenant (RFC 7662).

    Args:
        body (OauthIntrospectJsonBody):
        body (OauthIntrospectDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Introspection | OAuthError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OauthIntrospectJsonBody | OauthIntrospectDataBody | Unset = UNSET,
) -> Introspection | OAuthError | None:
    """Describe an access token or API key

     Describes an access token or API key of the calling client's tenant (RFC 7662).

    Args:
        body (OauthIntrospectJsonBody):
        body (OauthIntrospectDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Introspection | OAuthError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
