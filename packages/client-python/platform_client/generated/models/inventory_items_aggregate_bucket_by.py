from enum import StrEnum


class InventoryItemsAggregateBucketBy(StrEnum):
    ARCHIVED_AT = "archived_at"
    CREATED_AT = "created_at"
    UPDATED_AT = "updated_at"

    def __str__(self) -> str:
        return str(self.value)
