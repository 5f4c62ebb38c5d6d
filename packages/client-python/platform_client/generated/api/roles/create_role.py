from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_role_input import CreateRoleInput
from ...models.role import Role
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateRoleInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tenants/roles",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Role | None:
    if response.status_code == 201:
        response_201 = Role.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Role]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateRoleInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Role]:
    """Creates a custom role

     Creates a custom role; the platform assigns its id.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateRoleInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Role]
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
    body: CreateRoleInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Role | None:
    """Creates a custom role

     Creates a custom role; the platform assigns its id.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateRoleInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Role
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
    body: CreateRoleInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[Role]:
    """Creates a custom role

     Creates a custom role; the platform assigns its id.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateRoleInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Role]
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
    body: CreateRoleInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Role | None:
    """Creates a custom role

     Creates a custom role; the platform assigns its id.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateRoleInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Role
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
