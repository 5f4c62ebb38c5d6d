from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ai_engine import AiEngine
from ..models.ai_query_status import AiQueryStatus

if TYPE_CHECKING:
    from ..models.ai_answer import AiAnswer
    from ..models.ai_executed_operation import AiExecutedOperation


T = TypeVar("T", bound="AiQuery")


@_attrs_define
class AiQuery:
    """A question asked of the copilot and what it answered. The copilot only reads, with the asker’s own credential.

    Attributes:
        answer (AiAnswer | None): The answer; null unless `answered`.
        asked_by (str): The credential that asked.
        confidence (float): From 0 to 1: how much of the question the plan accounts for.
        created_at (datetime.datetime): When it was asked.
        duration_ms (int): Time to plan and answer.
        engine (AiEngine): What planned the question.
        id (str): Query identifier (`aiq_…`).
        interpretation (None | str): What the question was understood to ask.
        operations (list[AiExecutedOperation]): The GraphQL operations run to answer it, with their variables.
        question (str): The question as asked.
        status (AiQueryStatus): What became of a question.
        suggestions (list[str]): Questions to ask instead (when ambiguous or unanswerable) or next.
        summary (str): The answer in one sentence, or why there is none.
    """

    answer: AiAnswer | None
    asked_by: str
    confidence: float
    created_at: datetime.datetime
    duration_ms: int
    engine: AiEngine
    id: str
    interpretation: None | str
    operations: list[AiExecutedOperation]
    question: str
    status: AiQueryStatus
    suggestions: list[str]
    summary: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ai_answer import AiAnswer

        answer: dict[str, Any] | None
        if isinstance(self.answer, AiAnswer):
            answer = self.answer.to_dict()
        else:
            answer = self.answer

        asked_by = self.asked_by

        confidence = self.confidence

        created_at = self.created_at.isoformat()

        duration_ms = self.duration_ms

        engine = self.engine.value

        id = self.id

        interpretation: None | str
        interpretation = self.interpretation

        operations = []
        for operations_item_data in self.operations:
            operations_item = operations_item_data.to_dict()
            operations.append(operations_item)

        question = self.question

        status = self.status.value

        suggestions = self.suggestions

        summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "answer": answer,
                "asked_by": asked_by,
                "confidence": confidence,
                "created_at": created_at,
                "duration_ms": duration_ms,
                "engine": engine,
                "id": id,
                "interpretation": interpretation,
                "operations": operations,
                "question": question,
                "status": status,
                "suggestions": suggestions,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ai_answer import AiAnswer
        from ..models.ai_executed_operation import AiExecutedOperation

        d = dict(src_dict)

        def _parse_answer(data: object) -> AiAnswer | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                answer_type_0 = AiAnswer.from_dict(data)

                return answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AiAnswer | None, data)

        answer = _parse_answer(d.pop("answer"))

        asked_by = d.pop("asked_by")

        confidence = d.pop("confidence")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        duration_ms = d.pop("duration_ms")

        engine = AiEngine(d.pop("engine"))

        id = d.pop("id")

        def _parse_interpretation(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        interpretation = _parse_interpretation(d.pop("interpretation"))

        operations = []
        _operations = d.pop("operations")
        for operations_item_data in _operations:
            operations_item = AiExecutedOperation.from_dict(operations_item_data)

            operations.append(operations_item)

        question = d.pop("question")

        status = AiQueryStatus(d.pop("status"))

        suggestions = cast(list[str], d.pop("suggestions"))

        summary = d.pop("summary")

        ai_query = cls(
            answer=answer,
            asked_by=asked_by,
            confidence=confidence,
            created_at=created_at,
            duration_ms=duration_ms,
            engine=engine,
            id=id,
            interpretation=interpretation,
            operations=operations,
            question=question,
            status=status,
            suggestions=suggestions,
            summary=summary,
        )

        ai_query.additional_properties = d
        return ai_query

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
