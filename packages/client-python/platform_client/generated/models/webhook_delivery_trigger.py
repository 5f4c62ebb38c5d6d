from enum import StrEnum


class WebhookDeliveryTrigger(StrEnum):
    EVENT = "event"
    REPLAY = "replay"
    RESEND = "resend"

    def __str__(self) -> str:
        return str(self.value)
