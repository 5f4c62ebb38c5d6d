from enum import StrEnum


class OauthRevokeJsonBodyTokenTypeHint(StrEnum):
    ACCESS_TOKEN = "access_token"

    def __str__(self) -> str:
        return str(self.value)
