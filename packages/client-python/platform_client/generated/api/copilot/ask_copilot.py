from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ai_query import AiQuery
from ...models.ask_copilot_input import AskCopilotInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AskCopilotInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/ai/queries",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AiQuery | None:
    if response.status_code == 201:
        response_201 = AiQuery.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AiQuery]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AskCopilotInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiQuery]:
    """Asks a question about the tenant’s operations data in plain English

     Asks a question about the tenant’s operations data in plain English. It is planned over the
    supergraph’s own list queries (by the built-in semantic parser, or by the configured language model)
    and executed with your credential: your tenant and your scopes, never more (a question reading a
    list you may not read is refused with `insufficient_scope` naming the scope). The answer is
    structured (a number, records, or a table with typed columns) and comes with the GraphQL operations
    that produced it. An ambiguous or unanswerable question is said so, with suggestions, and nothing
    runs. Kept (`GET /v1/ai/queries`); `ai.query.completed` fires.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (AskCopilotInput): A question about the tenant’s operations data.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiQuery]
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
    body: AskCopilotInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiQuery | None:
    """Asks a question about the tenant’s operations data in plain English

     Asks a question about the tenant’s operations data in plain English. It is planned over the
    supergraph’s own list queries (by the built-in semantic parser, or by the configured language model)
    and executed with your credential: your tenant and your scopes, never more (a question reading a
    list you may not read is refused with `insufficient_scope` naming the scope). The answer is
    structured (a number, records, or a table with typed columns) and comes with the GraphQL operations
    that produced it. An ambiguous or unanswerable question is said so, with suggestions, and nothing
    runs. Kept (`GET /v1/ai/queries`); `ai.query.completed` fires.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (AskCopilotInput): A question about the tenant’s operations data.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiQuery
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
    body: AskCopilotInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiQuery]:
    """Asks a question about the tenant’s operations data in plain English

     Asks a question about the tenant’s operations data in plain English. It is planned over the
    supergraph’s own list queries (by the built-in semantic parser, or by the configured language model)
    and executed with your credential: your tenant and your scopes, never more (a question reading a
    list you may not read is refused with `insufficient_scope` naming the scope). The answer is
    structured (a number, records, or a table with typed columns) and comes with the GraphQL operations
    that produced it. An ambiguous or unanswerable question is said so, with suggestions, and nothing
    runs. Kept (`GET /v1/ai/queries`); `ai.query.completed` fires.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (AskCopilotInput): A question about the tenant’s operations data.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiQuery]
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
    body: AskCopilotInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiQuery | None:
    """Asks a question about the tenant’s operations data in plain English

     Asks a question about the tenant’s operations data in plain English. It is planned over the
    supergraph’s own list queries (by the built-in semantic parser, or by the configured language model)
    and executed with your credential: your tenant and your scopes, never more (a question reading a
    list you may not read is refused with `insufficient_scope` naming the scope). The answer is
    structured (a number, records, or a table with typed columns) and comes with the GraphQL operations
    that produced it. An ambiguous or unanswerable question is said so, with suggestions, and nothing
    runs. Kept (`GET /v1/ai/queries`); `ai.query.completed` fires.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (AskCopilotInput): A question about the tenant’s operations data.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiQuery
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
