"""A hostile case: the input it goes to, its payload, and what must happen there; and the
markup payloads the inputs share (tests/hostile/corpus.py gathers the cases).

A case's ``target`` names the input:

- ``text``: the Playground's grade text box (Type tab)
- ``table``: the Playground's table editor; the payload is the whole new table, as rows of
  (document, grade) that replace the old rows
- ``unretrieved``: the judged-but-not-retrieved grades box (ideal from judged documents)
- ``queries``: the Several queries text area
- ``view``: "Open a saved view" (JSON upload on the Playground)
- ``qrels`` / ``run``: the Your run page's judgements and run A uploaders
- ``url``: the link a session starts from (a dict of parameters; a list value repeats one)

``error`` is a phrase the message must contain (an ``st.error`` under the input; for a link,
the ``st.warning`` at the top of the page); ``None`` means the input is accepted and must
show, escaped, as text. Large payloads are functions, made only when a test runs them.
For a link, ``view`` is the list (as typed) and settings the page must then show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

TARGETS = ("text", "table", "unretrieved", "queries", "view", "qrels", "run", "url")
DEFAULT_LIST = "3, 2, 3, 0, 1, 2"
MB = 1_000_000


@dataclass(frozen=True)
class Case:
    target: str
    payload: Any  # or a function of no arguments that makes it
    error: str | None = None
    name: str = ""  # the file name, for uploads (input.json or input.txt if not given)
    view: tuple[str, Mapping[str, str]] = (DEFAULT_LIST, {})

    def value(self) -> Any:
        made = _made(self.payload)
        if isinstance(made, dict):
            return {key: _made(value) for key, value in made.items()}
        return made

    @property
    def big(self) -> bool:
        """Whether the payload is made on demand (:func:`big`: 100,000 items, 10 MB)."""
        made = self.payload.values() if isinstance(self.payload, dict) else [self.payload]
        return any(callable(value) for value in made)

    def __str__(self) -> str:  # test ids and failure messages stay short
        if isinstance(self.payload, dict):
            shown = ", ".join(f"{k}={_described(v)}" for k, v in list(self.payload.items())[:3])
        else:
            shown = _described(self.payload)
        return f"{self.target}: {shown}"


def _made(value: Any) -> Any:
    return value() if callable(value) else value


def _described(value: Any) -> str:
    if callable(value):
        return str(value.__doc__)
    text = repr(value)
    return text if len(text) <= 50 else text[:47] + "..."


def big(description: str, make: Callable[[], Any]) -> Callable[[], Any]:
    """A payload made on demand (100,000 items, 10 MB), described for test ids."""
    make.__doc__ = description
    return make


CSV_INJECTION = "=cmd|' /C calc'!A0"
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
IMG_NO_SPACE = "<img/src=x/onerror=alert(1)>"  # one column of a whitespace-separated file
IMG_LABEL = "<img src onerror>"  # markup a label may hold (labels cannot contain = or :)
