from enum import StrEnum


class StockMovementKind(StrEnum):
    ADJUSTMENT = "adjustment"
    FULFILMENT = "fulfilment"
    RECEIPT = "receipt"
    TRANSFER_IN = "transfer_in"
    TRANSFER_OUT = "transfer_out"

    def __str__(self) -> str:
        return str(self.value)
