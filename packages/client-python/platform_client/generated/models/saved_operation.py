from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.saved_operation_kind import SavedOperationKind

if TYPE_CHECKING:
    from ..models.saved_operation_root_field import SavedOperationRootField
    from ..models.saved_operation_variable import SavedOperationVariable


T = TypeVar("T", bound="SavedOperation")


@_attrs_define
class SavedOperation:
    """A GraphQL operation saved for the tenant under a name, to run by name (REST `POST /v1/analytics/saved-
    operations/{name}/run`) or as a persisted document (POST /graphql with `documentId`: `saved:<name>` or
    `sha256:<hex>`, no `query`). Its variables and the JSON Schema of its result were derived from the supergraph when
    it was saved.

        Attributes:
            created_at (datetime.datetime): When it was saved.
            created_by (str): The credential that saved it (OAuth client or API key).
            description (None | str): What it answers, up to 2000 characters.
            document (str): The GraphQL document, exactly as saved: one query or mutation.
            document_id (str): Its persisted-document id by content: `sha256:` and the SHA-256 (hex) of `document` as UTF-8.
                Changes when the document does.
            id (str): Identifier (`sop_…`).
            name (str): Its name, unique in the tenant: a lower-case slug (`monthly_revenue`), fixed once saved.
            operation_kind (SavedOperationKind): What a saved operation does.
            operation_name (None | str): The operation’s own name in the document, if it has one.
            result_schema (Any): JSON Schema (2020-12) of the `data` a run answers: one property per selected field (by
                alias), typed from the schema (MinorUnits as integers, DateTime as date-time strings), nullable where the field
                is, required unless selected under @skip/@include or a fragment on a narrower type. Field descriptions come from
                the API reference.
            root_fields (list[SavedOperationRootField]): The root fields it selects and the scopes each needs: what a
                credential must hold to run it.
            updated_at (datetime.datetime): When it last changed.
            variables (list[SavedOperationVariable]): Its variables, in the order declared.
            version (int): Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change
                based on a stale read.
    """

    created_at: datetime.datetime
    created_by: str
    description: None | str
    document: str
    document_id: str
    id: str
    name: str
    operation_kind: SavedOperationKind
    operation_name: None | str
    result_schema: Any
    root_fields: list[SavedOperationRootField]
    updated_at: datetime.datetime
    variables: list[SavedOperationVariable]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        created_by = self.created_by

        description: None | str
        description = self.description

        document = self.document

        document_id = self.document_id

        id = self.id

        name = self.name

        operation_kind = self.operation_kind.value

        operation_name: None | str
        operation_name = self.operation_name

        result_schema = self.result_schema

        root_fields = []
        for root_fields_item_data in self.root_fields:
            root_fields_item = root_fields_item_data.to_dict()
            root_fields.append(root_fields_item)

        updated_at = self.updated_at.isoformat()

        variables = []
        for variables_item_data in self.variables:
            variables_item = variables_item_data.to_dict()
            variables.append(variables_item)

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "created_by": created_by,
                "description": description,
                "document": document,
                "document_id": document_id,
                "id": id,
                "name": name,
                "operation_kind": operation_kind,
                "operation_name": operation_name,
                "result_schema": result_schema,
                "root_fields": root_fields,
                "updated_at": updated_at,
                "variables": variables,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.saved_operation_root_field import SavedOperationRootField
        from ..models.saved_operation_variable import SavedOperationVariable

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        document = d.pop("document")

        document_id = d.pop("document_id")

        id = d.pop("id")

        name = d.pop("name")

        operation_kind = SavedOperationKind(d.pop("operation_kind"))

        def _parse_operation_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        operation_name = _parse_operation_name(d.pop("operation_name"))

        result_schema = d.pop("result_schema")

        root_fields = []
        _root_fields = d.pop("root_fields")
        for root_fields_item_data in _root_fields:
            root_fields_item = SavedOperationRootField.from_dict(root_fields_item_data)

            root_fields.append(root_fields_item)

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        variables = []
        _variables = d.pop("variables")
        for variables_item_data in _variables:
            variables_item = SavedOperationVariable.from_dict(variables_item_data)

            variables.append(variables_item)

        version = d.pop("version")

        saved_operation = cls(
            created_at=created_at,
            created_by=created_by,
            description=description,
            document=document,
            document_id=document_id,
            id=id,
            name=name,
            operation_kind=operation_kind,
            operation_name=operation_name,
            result_schema=result_schema,
            root_fields=root_fields,
            updated_at=updated_at,
            variables=variables,
            version=version,
        )

        saved_operation.additional_properties = d
        return saved_operation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
