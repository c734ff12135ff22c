"""The recorded API corpus (tests/corpus/api/ at the repository's root): the requests and
answers the server gave, which the package must give too."""

import json
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "api"


def recorded(name):
    """A recorded exchange: (method, path under /api/v1/, body sent, status, answer text)."""
    text = (CORPUS / f"{name}.txt").read_text(encoding="utf-8")
    head, answer = text.split("--- body\n", 1)
    request, status = head.splitlines()[:2]
    method, url, *sent = request.split(" ", 2)
    path = url.removeprefix("/api/v1").lstrip("/")
    return method, path, sent[0] if sent else "", int(status.split()[1]), answer


def recorded_json(name):
    return json.loads(recorded(name)[4])


@pytest.fixture
def corpus():
    return CORPUS
