from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AskCopilotInput")


@_attrs_define
class AskCopilotInput:
    """A question about the tenant’s operations data.

    Attributes:
        question (str): In plain English, up to 500 characters: “which SKUs in Lyon are below their reorder point?”
    """

    question: str

    def to_dict(self) -> dict[str, Any]:
        question = self.question

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "question": question,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        question = d.pop("question")

        ask_copilot_input = cls(
            question=question,
        )

        return ask_copilot_input
