from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.user_list import UserList
from ...models.user_status import UserStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: UserStatus | Unset = UNSET,
    role_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["role_id"] = role_id

    params["page"] = page

    params["per_page"] = per_page

    params["after"] = after

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tenants/users",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> UserList | None:
    if response.status_code == 200:
        response_200 = UserList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[UserList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: UserStatus | Unset = UNSET,
    role_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[UserList]:
    """Users of the tenant, oldest first

     Users of the tenant, oldest first.

    Args:
        status (UserStatus | Unset): `invited`: created by an invitation, not signed in yet;
            `active`: has signed in; `deactivated`: kept for history, can no longer act.
        role_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[UserList]
    """

    kwargs = _get_kwargs(
        status=status,
        role_id=role_id,
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
    status: UserStatus | Unset = UNSET,
    role_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> UserList | None:
    """Users of the tenant, oldest first

     Users of the tenant, oldest first.

    Args:
        status (UserStatus | Unset): `invited`: created by an invitation, not signed in yet;
            `active`: has signed in; `deactivated`: kept for history, can no longer act.
        role_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        UserList
    """

    return sync_detailed(
        client=client,
        status=status,
        role_id=role_id,
        page=page,
        per_page=per_page,
        after=after,
        before=before,
        x_service_tenant=x_service_tenant,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: UserStatus | Unset = UNSET,
    role_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> Response[UserList]:
    """Users of the tenant, oldest first

     Users of the tenant, oldest first.

    Args:
        status (UserStatus | Unset): `invited`: created by an invitation, not signed in yet;
            `active`: has signed in; `deactivated`: kept for history, can no longer act.
        role_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[UserList]
    """

    kwargs = _get_kwargs(
        status=status,
        role_id=role_id,
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
    status: UserStatus | Unset = UNSET,
    role_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    after: str | Unset = UNSET,
    before: str | Unset = UNSET,
    x_service_tenant: str,
) -> UserList | None:
    """Users of the tenant, oldest first

     Users of the tenant, oldest first.

    Args:
        status (UserStatus | Unset): `invited`: created by an invitation, not signed in yet;
            `active`: has signed in; `deactivated`: kept for history, can no longer act.
        role_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        after (str | Unset):
        before (str | Unset):
        x_service_tenant (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        UserList
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            role_id=role_id,
            page=page,
            per_page=per_page,
            after=after,
            before=before,
            x_service_tenant=x_service_tenant,
        )
    ).parsed
