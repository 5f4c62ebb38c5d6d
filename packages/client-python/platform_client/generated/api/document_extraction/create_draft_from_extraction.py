from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ai_extraction import AiExtraction
from ...models.create_draft_from_extraction_input import CreateDraftFromExtractionInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: CreateDraftFromExtractionInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/ai/extractions/{id}/draft".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AiExtraction | None:
    if response.status_code == 200:
        response_200 = AiExtraction.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AiExtraction]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateDraftFromExtractionInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiExtraction]:
    """Turns an extraction into a draft purchase order (create_order, needs crm:write) or a draft invoice
    (create_invoice, needs finance:write), made through that operation with your credential (its rules,
    events and audit record)

     Turns an extraction into a draft purchase order (`create_order`, needs `crm:write`) or a draft
    invoice (`create_invoice`, needs `finance:write`), made through that operation with your credential
    (its rules, events and audit record). Lines are matched to SKUs by item code, then description; what
    cannot be matched is refused with `rule_violation` naming the field to give. An extraction makes one
    draft (again: `invalid_state`).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateDraftFromExtractionInput): What to make of an extraction.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiExtraction]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateDraftFromExtractionInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiExtraction | None:
    """Turns an extraction into a draft purchase order (create_order, needs crm:write) or a draft invoice
    (create_invoice, needs finance:write), made through that operation with your credential (its rules,
    events and audit record)

     Turns an extraction into a draft purchase order (`create_order`, needs `crm:write`) or a draft
    invoice (`create_invoice`, needs `finance:write`), made through that operation with your credential
    (its rules, events and audit record). Lines are matched to SKUs by item code, then description; what
    cannot be matched is refused with `rule_violation` naming the field to give. An extraction makes one
    draft (again: `invalid_state`).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateDraftFromExtractionInput): What to make of an extraction.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiExtraction
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateDraftFromExtractionInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiExtraction]:
    """Turns an extraction into a draft purchase order (create_order, needs crm:write) or a draft invoice
    (create_invoice, needs finance:write), made through that operation with your credential (its rules,
    events and audit record)

     Turns an extraction into a draft purchase order (`create_order`, needs `crm:write`) or a draft
    invoice (`create_invoice`, needs `finance:write`), made through that operation with your credential
    (its rules, events and audit record). Lines are matched to SKUs by item code, then description; what
    cannot be matched is refused with `rule_violation` naming the field to give. An extraction makes one
    draft (again: `invalid_state`).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateDraftFromExtractionInput): What to make of an extraction.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiExtraction]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_service_tenant=x_service_tenant,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateDraftFromExtractionInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiExtraction | None:
    """Turns an extraction into a draft purchase order (create_order, needs crm:write) or a draft invoice
    (create_invoice, needs finance:write), made through that operation with your credential (its rules,
    events and audit record)

     Turns an extraction into a draft purchase order (`create_order`, needs `crm:write`) or a draft
    invoice (`create_invoice`, needs `finance:write`), made through that operation with your credential
    (its rules, events and audit record). Lines are matched to SKUs by item code, then description; what
    cannot be matched is refused with `rule_violation` naming the field to give. An extraction makes one
    draft (again: `invalid_state`).

    Args:
        id (str):
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (CreateDraftFromExtractionInput): What to make of an extraction.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiExtraction
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
