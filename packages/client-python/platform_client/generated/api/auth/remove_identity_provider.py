from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.identity_provider import IdentityProvider
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/auth/identity-provider",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> IdentityProvider | None:
    if response.status_code == 200:
        response_200 = IdentityProvider.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[IdentityProvider]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[IdentityProvider]:
    """Removes the tenant’s identity provider and returns it

     Removes the tenant’s identity provider and returns it: single sign-on stops at once (sessions
    already open stay; passwords keep working). `not_found` when none is configured.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityProvider]
    """

    kwargs = _get_kwargs(
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
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> IdentityProvider | None:
    """Removes the tenant’s identity provider and returns it

     Removes the tenant’s identity provider and returns it: single sign-on stops at once (sessions
    already open stay; passwords keep working). `not_found` when none is configured.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityProvider
    """

    return sync_detailed(
        client=client,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[IdentityProvider]:
    """Removes the tenant’s identity provider and returns it

     Removes the tenant’s identity provider and returns it: single sign-on stops at once (sessions
    already open stay; passwords keep working). `not_found` when none is configured.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityProvider]
    """

    kwargs = _get_kwargs(
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> IdentityProvider | None:
    """Removes the tenant’s identity provider and returns it

     Removes the tenant’s identity provider and returns it: single sign-on stops at once (sessions
    already open stay; passwords keep working). `not_found` when none is configured.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityProvider
    """

    return (
        await asyncio_detailed(
            client=client,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
