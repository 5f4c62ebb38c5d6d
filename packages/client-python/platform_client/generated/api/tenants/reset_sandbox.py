from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.tenant import Tenant
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
        "method": "post",
        "url": "/v1/tenants/current/reset",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Tenant | None:
    if response.status_code == 200:
        response_200 = Tenant.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Tenant]:
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
) -> Response[Tenant]:
    """Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction

     Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction.
    Credentials, users, roles and the audit trail stay. Refused for production tenants.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Tenant]
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
) -> Tenant | None:
    """Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction

     Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction.
    Credentials, users, roles and the audit trail stay. Refused for production tenants.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Tenant
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
) -> Response[Tenant]:
    """Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction

     Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction.
    Credentials, users, roles and the audit trail stay. Refused for production tenants.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Tenant]
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
) -> Tenant | None:
    """Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction

     Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction.
    Credentials, users, roles and the audit trail stay. Refused for production tenants.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Tenant
    """

    return (
        await asyncio_detailed(
            client=client,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
