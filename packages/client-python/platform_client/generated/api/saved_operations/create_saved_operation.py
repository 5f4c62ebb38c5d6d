from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_saved_operation_input import CreateSavedOperationInput
from ...models.saved_operation import SavedOperation
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateSavedOperationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/analytics/saved-operations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> SavedOperation | None:
    if response.status_code == 201:
        response_201 = SavedOperation.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[SavedOperation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateSavedOperationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[SavedOperation]:
    """Saves a GraphQL operation under a name

     Saves a GraphQL operation under a name. The document must parse, hold exactly one query or mutation
    and validate against the API schema: otherwise a 422 `rule_violation` naming `document` with
    GraphQL’s messages. A name already saved is `already_exists`. A tenant saves at most 500 operations
    (`quota_exceeded`). Saving grants nothing: each run is checked against the running credential’s
    scopes.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateSavedOperationInput): An operation to save.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SavedOperation]
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
    body: CreateSavedOperationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> SavedOperation | None:
    """Saves a GraphQL operation under a name

     Saves a GraphQL operation under a name. The document must parse, hold exactly one query or mutation
    and validate against the API schema: otherwise a 422 `rule_violation` naming `document` with
    GraphQL’s messages. A name already saved is `already_exists`. A tenant saves at most 500 operations
    (`quota_exceeded`). Saving grants nothing: each run is checked against the running credential’s
    scopes.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateSavedOperationInput): An operation to save.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SavedOperation
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
    body: CreateSavedOperationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[SavedOperation]:
    """Saves a GraphQL operation under a name

     Saves a GraphQL operation under a name. The document must parse, hold exactly one query or mutation
    and validate against the API schema: otherwise a 422 `rule_violation` naming `document` with
    GraphQL’s messages. A name already saved is `already_exists`. A tenant saves at most 500 operations
    (`quota_exceeded`). Saving grants nothing: each run is checked against the running credential’s
    scopes.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateSavedOperationInput): An operation to save.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SavedOperation]
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
    body: CreateSavedOperationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> SavedOperation | None:
    """Saves a GraphQL operation under a name

     Saves a GraphQL operation under a name. The document must parse, hold exactly one query or mutation
    and validate against the API schema: otherwise a 422 `rule_violation` naming `document` with
    GraphQL’s messages. A name already saved is `already_exists`. A tenant saves at most 500 operations
    (`quota_exceeded`). Saving grants nothing: each run is checked against the running credential’s
    scopes.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateSavedOperationInput): An operation to save.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SavedOperation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
