from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ai_extraction import AiExtraction
from ...models.extract_document_input import ExtractDocumentInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ExtractDocumentInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Service-Tenant"] = x_service_tenant

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/ai/extractions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AiExtraction | None:
    if response.status_code == 201:
        response_201 = AiExtraction.from_dict(response.json())

        return response_201

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
    *,
    client: AuthenticatedClient,
    body: ExtractDocumentInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiExtraction]:
    """Reads a supplier invoice or purchase order

     Reads a supplier invoice or purchase order: a PDF (its text layer), an image or a scanned PDF (text
    recognition, offline), plain text or an e-mail. Answers the supplier, number, dates, currency, lines
    and totals, each with a confidence and where it was found, the amounts cross-checked (a failed check
    lowers the confidence of the fields involved and adds a warning). Kept (the document itself is not:
    only its hash); turn it into a draft with `POST /v1/ai/extractions/{id}/draft`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ExtractDocumentInput): A document: a PDF or an image as base64, or plain text / an
            e-mail as text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiExtraction]
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
    body: ExtractDocumentInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiExtraction | None:
    """Reads a supplier invoice or purchase order

     Reads a supplier invoice or purchase order: a PDF (its text layer), an image or a scanned PDF (text
    recognition, offline), plain text or an e-mail. Answers the supplier, number, dates, currency, lines
    and totals, each with a confidence and where it was found, the amounts cross-checked (a failed check
    lowers the confidence of the fields involved and adds a warning). Kept (the document itself is not:
    only its hash); turn it into a draft with `POST /v1/ai/extractions/{id}/draft`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ExtractDocumentInput): A document: a PDF or an image as base64, or plain text / an
            e-mail as text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiExtraction
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
    body: ExtractDocumentInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[AiExtraction]:
    """Reads a supplier invoice or purchase order

     Reads a supplier invoice or purchase order: a PDF (its text layer), an image or a scanned PDF (text
    recognition, offline), plain text or an e-mail. Answers the supplier, number, dates, currency, lines
    and totals, each with a confidence and where it was found, the amounts cross-checked (a failed check
    lowers the confidence of the fields involved and adds a warning). Kept (the document itself is not:
    only its hash); turn it into a draft with `POST /v1/ai/extractions/{id}/draft`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ExtractDocumentInput): A document: a PDF or an image as base64, or plain text / an
            e-mail as text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AiExtraction]
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
    body: ExtractDocumentInput,
    x_service_tenant: str,
    idempotency_key: str | Unset = UNSET,
) -> AiExtraction | None:
    """Reads a supplier invoice or purchase order

     Reads a supplier invoice or purchase order: a PDF (its text layer), an image or a scanned PDF (text
    recognition, offline), plain text or an e-mail. Answers the supplier, number, dates, currency, lines
    and totals, each with a confidence and where it was found, the amounts cross-checked (a failed check
    lowers the confidence of the fields involved and adds a warning). Kept (the document itself is not:
    only its hash); turn it into a draft with `POST /v1/ai/extractions/{id}/draft`.

    Args:
        x_service_tenant (str):
        idempotency_key (str | Unset):
        body (ExtractDocumentInput): A document: a PDF or an image as base64, or plain text / an
            e-mail as text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AiExtraction
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_service_tenant=x_service_tenant,
            idempotency_key=idempotency_key,
        )
    ).parsed
