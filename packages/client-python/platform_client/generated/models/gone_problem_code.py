from enum import StrEnum


class GoneProblemCode(StrEnum):
    DOWNLOAD_LINK_EXPIRED = "download_link_expired"
    RESUME_TOO_FAR_BEHIND = "resume_too_far_behind"

    def __str__(self) -> str:
        return str(self.value)
