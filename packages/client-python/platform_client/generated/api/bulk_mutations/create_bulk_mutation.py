from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bulk_mutation import BulkMutation
from ...models.create_bulk_mutation_input import CreateBulkMutationInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateBulkMutationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/bulk/mutations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BulkMutation | None:
    if response.status_code == 201:
        response_201 = BulkMutation.from_dict(response.json())

        return response_201

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BulkMutation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateBulkMutationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[BulkMutation]:
    """Runs one mutation once per line of an upload (POST /v1/bulk/uploads, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time)

     Runs one mutation once per line of an upload (`POST /v1/bulk/uploads`, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time). Counted as one
    request against the rate limit: its lines are not. Each line runs as you, with the scopes your
    credential holds now (never more), with the `Idempotency-Key` `<id>:<line>`, so a line is never
    applied twice. A document that is not one mutation of one root field is a 422 naming `mutation`; an
    unknown or expired upload a 422 naming `upload_id`; more than 3 bulk mutations under way in the
    tenant a 409 `quota_exceeded`. Follow it with `GET /v1/bulk/mutations/{id}` or
    `bulk_mutation.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkMutationInput): The mutation to run and the upload whose lines are its
            variables.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkMutation]
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
    body: CreateBulkMutationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> BulkMutation | None:
    """Runs one mutation once per line of an upload (POST /v1/bulk/uploads, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time)

     Runs one mutation once per line of an upload (`POST /v1/bulk/uploads`, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time). Counted as one
    request against the rate limit: its lines are not. Each line runs as you, with the scopes your
    credential holds now (never more), with the `Idempotency-Key` `<id>:<line>`, so a line is never
    applied twice. A document that is not one mutation of one root field is a 422 naming `mutation`; an
    unknown or expired upload a 422 naming `upload_id`; more than 3 bulk mutations under way in the
    tenant a 409 `quota_exceeded`. Follow it with `GET /v1/bulk/mutations/{id}` or
    `bulk_mutation.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkMutationInput): The mutation to run and the upload whose lines are its
            variables.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkMutation
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
    body: CreateBulkMutationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[BulkMutation]:
    """Runs one mutation once per line of an upload (POST /v1/bulk/uploads, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time)

     Runs one mutation once per line of an upload (`POST /v1/bulk/uploads`, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time). Counted as one
    request against the rate limit: its lines are not. Each line runs as you, with the scopes your
    credential holds now (never more), with the `Idempotency-Key` `<id>:<line>`, so a line is never
    applied twice. A document that is not one mutation of one root field is a 422 naming `mutation`; an
    unknown or expired upload a 422 naming `upload_id`; more than 3 bulk mutations under way in the
    tenant a 409 `quota_exceeded`. Follow it with `GET /v1/bulk/mutations/{id}` or
    `bulk_mutation.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkMutationInput): The mutation to run and the upload whose lines are its
            variables.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkMutation]
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
    body: CreateBulkMutationInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> BulkMutation | None:
    """Runs one mutation once per line of an upload (POST /v1/bulk/uploads, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time)

     Runs one mutation once per line of an upload (`POST /v1/bulk/uploads`, JSONL: each line its
    variables), asynchronously on the job queue, in line order (a few lines at a time). Counted as one
    request against the rate limit: its lines are not. Each line runs as you, with the scopes your
    credential holds now (never more), with the `Idempotency-Key` `<id>:<line>`, so a line is never
    applied twice. A document that is not one mutation of one root field is a 422 naming `mutation`; an
    unknown or expired upload a 422 naming `upload_id`; more than 3 bulk mutations under way in the
    tenant a 409 `quota_exceeded`. Follow it with `GET /v1/bulk/mutations/{id}` or
    `bulk_mutation.completed`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateBulkMutationInput): The mutation to run and the upload whose lines are its
            variables.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkMutation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
