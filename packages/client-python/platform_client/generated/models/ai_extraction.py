from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ai_extracted_amount import AiExtractedAmount
    from ..models.ai_extracted_line import AiExtractedLine
    from ..models.ai_extracted_text import AiExtractedText
    from ..models.ai_extraction_checks import AiExtractionChecks
    from ..models.ai_extraction_draft import AiExtractionDraft
    from ..models.ai_extraction_warning import AiExtractionWarning


T = TypeVar("T", bound="AiExtraction")


@_attrs_define
class AiExtraction:
    """A supplier invoice or purchase order read field by field: each value with its confidence and where it was found, the
    amounts cross-checked.

        Attributes:
            byte_size (int): Its size.
            checks (AiExtractionChecks): Cross-checks of the amounts read: true, false, or null when the document lacks what
                a check needs.
            content_type (str): The document’s type as given.
            created_at (datetime.datetime): When it was extracted.
            created_by (str): The credential that sent the document.
            currency (AiExtractedText): A text value read from the document.
            document_number (AiExtractedText): A text value read from the document.
            document_type (AiExtractedText): A text value read from the document.
            draft (AiExtractionDraft | None): The draft made from it, once made.
            due_date (AiExtractedText): A text value read from the document.
            filename (None | str): The file name given.
            id (str): Extraction identifier (`aix_…`).
            issue_date (AiExtractedText): A text value read from the document.
            lines (list[AiExtractedLine]): The table’s lines.
            method (str): `pdf_text` (the PDF’s text layer), `ocr` (text recognition of an image or a scanned page) or
                `text`.
            pages (int): Pages read.
            sha256 (str): SHA-256 of the document, hex (the document itself is not kept).
            subtotal (AiExtractedAmount): An amount of money read from the document, in minor units of the document’s
                currency.
            supplier (AiExtractedText): A text value read from the document.
            tax_total (AiExtractedAmount): An amount of money read from the document, in minor units of the document’s
                currency.
            total (AiExtractedAmount): An amount of money read from the document, in minor units of the document’s currency.
            warnings (list[AiExtractionWarning]): What a reviewer should look at.
    """

    byte_size: int
    checks: AiExtractionChecks
    content_type: str
    created_at: datetime.datetime
    created_by: str
    currency: AiExtractedText
    document_number: AiExtractedText
    document_type: AiExtractedText
    draft: AiExtractionDraft | None
    due_date: AiExtractedText
    filename: None | str
    id: str
    issue_date: AiExtractedText
    lines: list[AiExtractedLine]
    method: str
    pages: int
    sha256: str
    subtotal: AiExtractedAmount
    supplier: AiExtractedText
    tax_total: AiExtractedAmount
    total: AiExtractedAmount
    warnings: list[AiExtractionWarning]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ai_extraction_draft import AiExtractionDraft

        byte_size = self.byte_size

        checks = self.checks.to_dict()

        content_type = self.content_type

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        currency = self.currency.to_dict()

        document_number = self.document_number.to_dict()

        document_type = self.document_type.to_dict()

        draft: dict[str, Any] | None
        if isinstance(self.draft, AiExtractionDraft):
            draft = self.draft.to_dict()
        else:
            draft = self.draft

        due_date = self.due_date.to_dict()

        filename: None | str
        filename = self.filename

        id = self.id

        issue_date = self.issue_date.to_dict()

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        method = self.method

        pages = self.pages

        sha256 = self.sha256

        subtotal = self.subtotal.to_dict()

        supplier = self.supplier.to_dict()

        tax_total = self.tax_total.to_dict()

        total = self.total.to_dict()

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "byte_size": byte_size,
                "checks": checks,
                "content_type": content_type,
                "created_at": created_at,
                "created_by": created_by,
                "currency": currency,
                "document_number": document_number,
                "document_type": document_type,
                "draft": draft,
                "due_date": due_date,
                "filename": filename,
                "id": id,
                "issue_date": issue_date,
                "lines": lines,
                "method": method,
                "pages": pages,
                "sha256": sha256,
                "subtotal": subtotal,
                "supplier": supplier,
                "tax_total": tax_total,
                "total": total,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ai_extracted_amount import AiExtractedAmount
        from ..models.ai_extracted_line import AiExtractedLine
        from ..models.ai_extracted_text import AiExtractedText
        from ..models.ai_extraction_checks import AiExtractionChecks
        from ..models.ai_extraction_draft import AiExtractionDraft
        from ..models.ai_extraction_warning import AiExtractionWarning

        d = dict(src_dict)
        byte_size = d.pop("byte_size")

        checks = AiExtractionChecks.from_dict(d.pop("checks"))

        content_type = d.pop("content_type")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        currency = AiExtractedText.from_dict(d.pop("currency"))

        document_number = AiExtractedText.from_dict(d.pop("document_number"))

        document_type = AiExtractedText.from_dict(d.pop("document_type"))

        def _parse_draft(data: object) -> AiExtractionDraft | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                draft_type_0 = AiExtractionDraft.from_dict(data)

                return draft_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AiExtractionDraft | None, data)

        draft = _parse_draft(d.pop("draft"))

        due_date = AiExtractedText.from_dict(d.pop("due_date"))

        def _parse_filename(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        filename = _parse_filename(d.pop("filename"))

        id = d.pop("id")

        issue_date = AiExtractedText.from_dict(d.pop("issue_date"))

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = AiExtractedLine.from_dict(lines_item_data)

            lines.append(lines_item)

        method = d.pop("method")

        pages = d.pop("pages")

        sha256 = d.pop("sha256")

        subtotal = AiExtractedAmount.from_dict(d.pop("subtotal"))

        supplier = AiExtractedText.from_dict(d.pop("supplier"))

        tax_total = AiExtractedAmount.from_dict(d.pop("tax_total"))

        total = AiExtractedAmount.from_dict(d.pop("total"))

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = AiExtractionWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        ai_extraction = cls(
            byte_size=byte_size,
            checks=checks,
            content_type=content_type,
            created_at=created_at,
            created_by=created_by,
            currency=currency,
            document_number=document_number,
            document_type=document_type,
            draft=draft,
            due_date=due_date,
            filename=filename,
            id=id,
            issue_date=issue_date,
            lines=lines,
            method=method,
            pages=pages,
            sha256=sha256,
            subtotal=subtotal,
            supplier=supplier,
            tax_total=tax_total,
            total=total,
            warnings=warnings,
        )

        ai_extraction.additional_properties = d
        return ai_extraction

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
