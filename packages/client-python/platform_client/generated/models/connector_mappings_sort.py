from enum import StrEnum


class ConnectorMappingsSort(StrEnum):
    VALUE_1 = "-version"
    VERSION = "version"

    def __str__(self) -> str:
        return str(self.value)
