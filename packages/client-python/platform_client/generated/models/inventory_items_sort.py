from enum import StrEnum


class InventoryItemsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    QUANTITY_ON_HAND = "quantity_on_hand"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-name"
    VALUE_5 = "-quantity_on_hand"
    VALUE_7 = "-created_at"
    VALUE_9 = "-updated_at"

    def __str__(self) -> str:
        return str(self.value)
