from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExtractDocumentInput")


@_attrs_define
class ExtractDocumentInput:
    """A document: a PDF or an image as base64, or plain text / an e-mail as text.

    Attributes:
        content_type (str): `application/pdf`, `image/png`, `image/jpeg`, `text/plain` or `message/rfc822`.
        content_base64 (None | str | Unset): A PDF or an image, base64-encoded (the request body is limited to
            MAX_REQUEST_BODY_BYTES, 1 MiB by default).
        filename (None | str | Unset): Its file name, kept for reference.
        text (None | str | Unset): Plain text or an e-mail (RFC 822), up to 500,000 characters.
    """

    content_type: str
    content_base64: None | str | Unset = UNSET
    filename: None | str | Unset = UNSET
    text: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        content_type = self.content_type

        content_base64: None | str | Unset
        if isinstance(self.content_base64, Unset):
            content_base64 = UNSET
        else:
            content_base64 = self.content_base64

        filename: None | str | Unset
        if isinstance(self.filename, Unset):
            filename = UNSET
        else:
            filename = self.filename

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content_type": content_type,
            }
        )
        if content_base64 is not UNSET:
            field_dict["content_base64"] = content_base64
        if filename is not UNSET:
            field_dict["filename"] = filename
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        content_type = d.pop("content_type")

        def _parse_content_base64(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content_base64 = _parse_content_base64(d.pop("content_base64", UNSET))

        def _parse_filename(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        filename = _parse_filename(d.pop("filename", UNSET))

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))

        extract_document_input = cls(
            content_type=content_type,
            content_base64=content_base64,
            filename=filename,
            text=text,
        )

        return extract_document_input
