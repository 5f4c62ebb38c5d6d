from enum import StrEnum


class SyncJobTrigger(StrEnum):
    EVENT = "event"
    MANUAL = "manual"
    REPLAY = "replay"
    SCHEDULE = "schedule"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
