from enum import StrEnum


class ConnectorKind(StrEnum):
    CSV = "csv"
    REST = "rest"
    SHOPIFY = "shopify"

    def __str__(self) -> str:
        return str(self.value)
