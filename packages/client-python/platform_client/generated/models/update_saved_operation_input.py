from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateSavedOperationInput")


@_attrs_define
class UpdateSavedOperationInput:
    """Fields to change; absent fields keep their value. A new document is checked as on saving, and its `document_id`
    changes with it.

        Attributes:
            description (None | str | Unset): Up to 2000 characters; empty clears it.
            document (None | str | Unset): A new document (checked as on saving).
            version (int | None | Unset): The version the action is based on; if it is no longer current the action is
                refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead.
    """

    description: None | str | Unset = UNSET
    document: None | str | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        document: None | str | Unset
        if isinstance(self.document, Unset):
            document = UNSET
        else:
            document = self.document

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if description is not UNSET:
            field_dict["description"] = description
        if document is not UNSET:
            field_dict["document"] = document
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_document(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        document = _parse_document(d.pop("document", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        update_saved_operation_input = cls(
            description=description,
            document=document,
            version=version,
        )

        return update_saved_operation_input
