from enum import StrEnum


class OauthRevokeDataBodyTokenTypeHint(StrEnum):
    ACCESS_TOKEN = "access_token"

    def __str__(self) -> str:
        return str(self.value)
