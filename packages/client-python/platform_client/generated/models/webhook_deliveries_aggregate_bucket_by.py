from enum import StrEnum


class WebhookDeliveriesAggregateBucketBy(StrEnum):
    COMPLETED_AT = "completed_at"
    CREATED_AT = "created_at"

    def __str__(self) -> str:
        return str(self.value)
