from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ai_answer_kind import AiAnswerKind

if TYPE_CHECKING:
    from ..models.ai_answer_column import AiAnswerColumn


T = TypeVar("T", bound="AiAnswer")


@_attrs_define
class AiAnswer:
    """A structured answer: a number, or rows with typed columns.

    Attributes:
        columns (list[AiAnswerColumn]): The columns of `rows`, in order.
        kind (AiAnswerKind): The shape of an answer.
        rows (Any): The rows, each an array of values in the order of `columns`.
        total (int | None): `records`/`table`: rows in all (`rows` may be cut by the question’s limit).
        unit (None | str): `number`: what it counts or its currency, when it has one.
        value (float | None): `number`: the value (null when nothing was there to average, for instance).
    """

    columns: list[AiAnswerColumn]
    kind: AiAnswerKind
    rows: Any
    total: int | None
    unit: None | str
    value: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.to_dict()
            columns.append(columns_item)

        kind = self.kind.value

        rows = self.rows

        total: int | None
        total = self.total

        unit: None | str
        unit = self.unit

        value: float | None
        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "columns": columns,
                "kind": kind,
                "rows": rows,
                "total": total,
                "unit": unit,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ai_answer_column import AiAnswerColumn

        d = dict(src_dict)
        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = AiAnswerColumn.from_dict(columns_item_data)

            columns.append(columns_item)

        kind = AiAnswerKind(d.pop("kind"))

        rows = d.pop("rows")

        def _parse_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total = _parse_total(d.pop("total"))

        def _parse_unit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        unit = _parse_unit(d.pop("unit"))

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        ai_answer = cls(
            columns=columns,
            kind=kind,
            rows=rows,
            total=total,
            unit=unit,
            value=value,
        )

        ai_answer.additional_properties = d
        return ai_answer

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
