from enum import StrEnum


class CreateDraftFromExtractionInputKind(StrEnum):
    INVOICE = "invoice"
    PURCHASE_ORDER = "purchase_order"

    def __str__(self) -> str:
        return str(self.value)
