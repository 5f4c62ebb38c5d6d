from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bulk_export_format import BulkExportFormat
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_bulk_export_input_variables_type_0 import (
        CreateBulkExportInputVariablesType0,
    )


T = TypeVar("T", bound="CreateBulkExportInput")


@_attrs_define
class CreateBulkExportInput:
    """The list query to export and the file format.

    Attributes:
        format_ (BulkExportFormat): The file an export writes.
        query (str): A GraphQL query of exactly one paginated list field at its root (one returning `{ data, meta }`),
            with its filters and sort, selecting `data { … }` (federated fields included), without `page`, `per_page`,
            `after` or `before`: the export pages through the list itself. Up to 20000 characters.
        variables (CreateBulkExportInputVariablesType0 | None | Unset): The query’s variables (a JSON object).
    """

    format_: BulkExportFormat
    query: str
    variables: CreateBulkExportInputVariablesType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_bulk_export_input_variables_type_0 import (
            CreateBulkExportInputVariablesType0,
        )

        format_ = self.format_.value

        query = self.query

        variables: dict[str, Any] | None | Unset
        if isinstance(self.variables, Unset):
            variables = UNSET
        elif isinstance(self.variables, CreateBulkExportInputVariablesType0):
            variables = self.variables.to_dict()
        else:
            variables = self.variables

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "query": query,
            }
        )
        if variables is not UNSET:
            field_dict["variables"] = variables

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_bulk_export_input_variables_type_0 import (
            CreateBulkExportInputVariablesType0,
        )

        d = dict(src_dict)
        format_ = BulkExportFormat(d.pop("format"))

        query = d.pop("query")

        def _parse_variables(
            data: object,
        ) -> CreateBulkExportInputVariablesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                variables_type_0 = CreateBulkExportInputVariablesType0.from_dict(data)

                return variables_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateBulkExportInputVariablesType0 | None | Unset, data)

        variables = _parse_variables(d.pop("variables", UNSET))

        create_bulk_export_input = cls(
            format_=format_,
            query=query,
            variables=variables,
        )

        return create_bulk_export_input
