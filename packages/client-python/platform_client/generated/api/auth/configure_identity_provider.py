from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.configure_identity_provider_input import ConfigureIdentityProviderInput
from ...models.identity_provider import IdentityProvider
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ConfigureIdentityProviderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/auth/identity-provider",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

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
    body: ConfigureIdentityProviderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[IdentityProvider]:
    """Configures (or replaces) the tenant’s OpenID Connect identity provider

     Configures (or replaces) the tenant’s OpenID Connect identity provider. The discovery document is
    fetched now, within 10 seconds: a provider that cannot be reached, names another issuer or lacks the
    authorization code flow is refused with `rule_violation` naming `issuer`. Register `redirect_uri` at
    the provider.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ConfigureIdentityProviderInput): The whole configuration (it replaces any previous
            one; the secret is asked again).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityProvider]
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
    body: ConfigureIdentityProviderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> IdentityProvider | None:
    """Configures (or replaces) the tenant’s OpenID Connect identity provider

     Configures (or replaces) the tenant’s OpenID Connect identity provider. The discovery document is
    fetched now, within 10 seconds: a provider that cannot be reached, names another issuer or lacks the
    authorization code flow is refused with `rule_violation` naming `issuer`. Register `redirect_uri` at
    the provider.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ConfigureIdentityProviderInput): The whole configuration (it replaces any previous
            one; the secret is asked again).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityProvider
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
    body: ConfigureIdentityProviderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[IdentityProvider]:
    """Configures (or replaces) the tenant’s OpenID Connect identity provider

     Configures (or replaces) the tenant’s OpenID Connect identity provider. The discovery document is
    fetched now, within 10 seconds: a provider that cannot be reached, names another issuer or lacks the
    authorization code flow is refused with `rule_violation` naming `issuer`. Register `redirect_uri` at
    the provider.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ConfigureIdentityProviderInput): The whole configuration (it replaces any previous
            one; the secret is asked again).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityProvider]
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
    body: ConfigureIdentityProviderInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> IdentityProvider | None:
    """Configures (or replaces) the tenant’s OpenID Connect identity provider

     Configures (or replaces) the tenant’s OpenID Connect identity provider. The discovery document is
    fetched now, within 10 seconds: a provider that cannot be reached, names another issuer or lacks the
    authorization code flow is refused with `rule_violation` naming `issuer`. Register `redirect_uri` at
    the provider.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ConfigureIdentityProviderInput): The whole configuration (it replaces any previous
            one; the secret is asked again).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityProvider
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
