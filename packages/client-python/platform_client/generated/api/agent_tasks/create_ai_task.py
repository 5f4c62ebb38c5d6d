from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ai_task import AiTask
from ...models.create_ai_task_input import CreateAiTaskInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateAiTaskInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/ai/tasks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AiTask | None:
    if response.status_code == 201:
        response_201 = AiTask.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AiTask]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateAiTaskInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiTask]:
    """Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan

     Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan. With `require_approval` (the default) nothing is written until the plan is
    approved; then its steps run on the job queue, one after the other, as the task: with your scopes,
    never more (a plan needing a scope you lack is refused with `insufficient_scope`), each write
    audited with the task as actor. A plan with no step ends `succeeded` at once. An unknown goal
    without a language model: `rule_violation` listing the goals the offline planner knows.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateAiTaskInput): A goal for an agent task.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiTask]
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
    body: CreateAiTaskInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiTask | None:
    """Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan

     Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan. With `require_approval` (the default) nothing is written until the plan is
    approved; then its steps run on the job queue, one after the other, as the task: with your scopes,
    never more (a plan needing a scope you lack is refused with `insufficient_scope`), each write
    audited with the task as actor. A plan with no step ends `succeeded` at once. An unknown goal
    without a language model: `rule_violation` listing the goals the offline planner knows.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateAiTaskInput): A goal for an agent task.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiTask
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
    body: CreateAiTaskInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiTask]:
    """Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan

     Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan. With `require_approval` (the default) nothing is written until the plan is
    approved; then its steps run on the job queue, one after the other, as the task: with your scopes,
    never more (a plan needing a scope you lack is refused with `insufficient_scope`), each write
    audited with the task as actor. A plan with no step ends `succeeded` at once. An unknown goal
    without a language model: `rule_violation` listing the goals the offline planner knows.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateAiTaskInput): A goal for an agent task.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiTask]
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
    body: CreateAiTaskInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiTask | None:
    """Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan

     Plans a goal into writes over the platform’s operations (reading what it needs with your credential)
    and keeps the plan. With `require_approval` (the default) nothing is written until the plan is
    approved; then its steps run on the job queue, one after the other, as the task: with your scopes,
    never more (a plan needing a scope you lack is refused with `insufficient_scope`), each write
    audited with the task as actor. A plan with no step ends `succeeded` at once. An unknown goal
    without a language model: `rule_violation` listing the goals the offline planner knows.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateAiTaskInput): A goal for an agent task.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiTask
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
