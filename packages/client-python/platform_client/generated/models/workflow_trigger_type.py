from enum import StrEnum


class WorkflowTriggerType(StrEnum):
    EVENT = "event"
    MANUAL = "manual"
    SCHEDULE = "schedule"

    def __str__(self) -> str:
        return str(self.value)
