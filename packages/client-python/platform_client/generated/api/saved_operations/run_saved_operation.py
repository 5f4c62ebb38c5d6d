from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.run_saved_operation_input import RunSavedOperationInput
from ...models.saved_operation_result import SavedOperationResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    name: str,
    *,
    body: RunSavedOperationInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/analytics/saved-operations/{name}/run".format(
            name=quote(str(name), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> SavedOperationResult | None:
    if response.status_code == 200:
        response_200 = SavedOperationResult.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[SavedOperationResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: RunSavedOperationInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[SavedOperationResult]:
    """Runs a saved operation with variables and answers its GraphQL result (data, and errors of fields
    that failed while others answered)

     Runs a saved operation with variables and answers its GraphQL result (`data`, and `errors` of fields
    that failed while others answered). It runs with your credential’s own scopes, rate limit and query
    cost, exactly as sending its document would: a run refused as a whole answers that refusal
    (`insufficient_scope` naming the scope, `query_invalid` for variables that do not coerce). Needs
    `analytics:read` to find it; a saved mutation also needs the write scopes of its fields.

    Args:
        name (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (RunSavedOperationInput | Unset): The variables of a run.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SavedOperationResult]
    """

    kwargs = _get_kwargs(
        name=name,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    body: RunSavedOperationInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> SavedOperationResult | None:
    """Runs a saved operation with variables and answers its GraphQL result (data, and errors of fields
    that failed while others answered)

     Runs a saved operation with variables and answers its GraphQL result (`data`, and `errors` of fields
    that failed while others answered). It runs with your credential’s own scopes, rate limit and query
    cost, exactly as sending its document would: a run refused as a whole answers that refusal
    (`insufficient_scope` naming the scope, `query_invalid` for variables that do not coerce). Needs
    `analytics:read` to find it; a saved mutation also needs the write scopes of its fields.

    Args:
        name (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (RunSavedOperationInput | Unset): The variables of a run.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SavedOperationResult
    """

    return sync_detailed(
        name=name,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: RunSavedOperationInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[SavedOperationResult]:
    """Runs a saved operation with variables and answers its GraphQL result (data, and errors of fields
    that failed while others answered)

     Runs a saved operation with variables and answers its GraphQL result (`data`, and `errors` of fields
    that failed while others answered). It runs with your credential’s own scopes, rate limit and query
    cost, exactly as sending its document would: a run refused as a whole answers that refusal
    (`insufficient_scope` naming the scope, `query_invalid` for variables that do not coerce). Needs
    `analytics:read` to find it; a saved mutation also needs the write scopes of its fields.

    Args:
        name (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (RunSavedOperationInput | Unset): The variables of a run.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SavedOperationResult]
    """

    kwargs = _get_kwargs(
        name=name,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    body: RunSavedOperationInput | Unset = UNSET,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> SavedOperationResult | None:
    """Runs a saved operation with variables and answers its GraphQL result (data, and errors of fields
    that failed while others answered)

     Runs a saved operation with variables and answers its GraphQL result (`data`, and `errors` of fields
    that failed while others answered). It runs with your credential’s own scopes, rate limit and query
    cost, exactly as sending its document would: a run refused as a whole answers that refusal
    (`insufficient_scope` naming the scope, `query_invalid` for variables that do not coerce). Needs
    `analytics:read` to find it; a saved mutation also needs the write scopes of its fields.

    Args:
        name (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (RunSavedOperationInput | Unset): The variables of a run.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SavedOperationResult
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
