"""The engine, compiled: the JSON API's answers in this process."""

def answer(path: str, body: str) -> tuple[int, str, str]:
    """The reply to a request for `path` under /api/v1/ with its JSON `body` ("" for a
    listing): (HTTP status, media type, body). Releases the GIL while it computes."""

def version() -> str:
    """holodice's version."""
