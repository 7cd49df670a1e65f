"""A convention read back from a link's parameters, naming every bad setting at once.

A link is typed or pasted by hand as often as it is made by the app; when two settings are
wrong, the reader is told both, not the first and then, once it is fixed, the second.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ndcg_core.errors import NdcgError
from ndcg_core.metric.conventions import CONVENTION_FIELDS, Convention
from ndcg_core.text.quoting import quoted

MAX_VALUE_LENGTH = 40


def read_params(params: Mapping[str, str]) -> tuple[Convention, tuple[str, ...]]:
    """The convention of a link's good settings (a bad one keeps its default), and a
    sentence for each bad one. Unknown keys are ignored.

    >>> convention, problems = read_params({"k": "five", "base": "x", "gain": "exponential"})
    >>> convention.gain.value
    'exponential'
    >>> for problem in problems:
    ...     print(problem)
    The link's log base must be a number; got “x”.
    The link's cutoff k must be a whole number; got “five”.
    """
    fields: dict[str, object] = {}
    problems: list[str] = []
    for name, info in CONVENTION_FIELDS.items():
        if info.url_key not in params:
            continue
        try:
            value = _read_value(name, info.url_key, str(params[info.url_key]).strip())
            if value is None:
                continue
            Convention(**{name: value})  # type: ignore[arg-type]  # checks this field alone
        except NdcgError as error:
            problems.append(str(error))
        else:
            fields[name] = value
    return Convention(**fields), tuple(problems)  # type: ignore[arg-type]


def _read_value(name: str, key: str, raw: str) -> object:
    if len(raw) > MAX_VALUE_LENGTH:
        msg = f"The link's {quoted(key)} value is too long."
        raise NdcgError(msg)
    if name == "cutoff_k":
        if raw in ("", "all"):
            return None
        if not raw.isascii() or not raw.isdigit():
            msg = f"The link's cutoff k must be a whole number; got {quoted(raw)}."
            raise NdcgError(msg)
        return int(raw)
    if name == "log_base":
        try:
            return float(raw) if raw.lower() != "e" else math.e
        except ValueError:
            msg = f"The link's log base must be a number; got {quoted(raw)}."
            raise NdcgError(msg) from None
    return raw
