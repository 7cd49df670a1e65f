"""How long a link the app makes may be: one limit for the whole link, percent-encoded.

A server reads a request line and its headers into a buffer of fixed size: nginx's default
is 8 kB, Streamlit's own server refused links of 80 kB and more with a bare HTTP 400, and a
reused tab adds its cookies to the same request. The app keeps every link it makes under
``MAX_LINK_CHARS``: the query string as the browser writes it, plus room for the address
and page path and for the share menu's ``mode`` and ``embed`` parameters. A parameter too
long for that stays out of the link (the share menu says which); a saved view carries it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType
from urllib.parse import quote_plus, urlencode

MAX_LINK_CHARS = 8_000
# Room for "https://", a long host name, a page path, "?" and "&mode=present&embed=true".
ADDRESS_ALLOWANCE = 2_000
MAX_QUERY_CHARS = MAX_LINK_CHARS - ADDRESS_ALLOWANCE


def query_length(params: Mapping[str, str]) -> int:
    """Characters of ``params`` as a query string, percent-encoded (UTF-8, nothing left
    unencoded but letters, digits and ``_.-``: at least as long as a browser writes it).

    >>> query_length({"g": "3, 2", "k": "5"})  # g=3%2C+2&k=5
    12
    """
    return len(urlencode(params, quote_via=lambda text, *_: quote_plus(text, safe="")))


def fit_link(
    params: Mapping[str, str],
    optional: Collection[str],
    needs: Mapping[str, str] = MappingProxyType({}),
) -> tuple[dict[str, str], tuple[str, ...]]:
    """``params`` without as many ``optional`` ones (longest first) as it takes for the query
    string to fit in ``MAX_QUERY_CHARS``; returns the kept ones and the names left out.

    ``needs`` maps a parameter to one it is read against (ranking B's positions to the list):
    when that one is left out, so is it.

    >>> kept, dropped = fit_link({"k": "5", "g": "1, " * 3_000}, optional={"g"})
    >>> kept, dropped
    ({'k': '5'}, ('g',))
    >>> fit_link({"k": "5", "g": "3, 2"}, optional={"g"})
    ({'k': '5', 'g': '3, 2'}, ())
    >>> fit_link({"g": "1, " * 3_000, "b": "2.1"}, optional={"g", "b"}, needs={"b": "g"})
    ({}, ('g', 'b'))
    """
    kept = dict(params)
    dropped: list[str] = []
    by_length = sorted(
        (name for name in params if name in optional), key=lambda name: -len(params[name])
    )
    for name in by_length:
        if query_length(kept) <= MAX_QUERY_CHARS:
            break
        del kept[name]
        dropped.append(name)
    for name, needed in needs.items():
        if needed in dropped and name in kept:
            del kept[name]
            dropped.append(name)
    return kept, tuple(dropped)


LINK_LIMIT_NOTE = (
    f"A link holds at most {MAX_LINK_CHARS:,} characters, so any server opens it. A longer "
    "list goes in a saved view instead: “Save this view (JSON)”, opened again in the "
    "Playground under “Open a saved view”."
)
_LEFT_OUT_NAMES = MappingProxyType(
    {
        "g": "the list of grades (it opens with the seed example instead)",
        "u": "the grades of judged documents not retrieved",
        "q": "the queries (it opens with the example queries instead)",
        "b": "ranking B (it opens as the ideal order)",
        "t": "the documents' titles",
    }
)


def left_out_note(left_out: Collection[str]) -> str:
    """What a link leaves out because it would be too long, and how to share it instead.

    >>> left_out_note(["g"])
    'This link leaves out the list of grades (it opens with the seed example instead): too long for a link. Share a saved view instead.'
    >>> left_out_note([])
    ''
    """
    if not left_out:
        return ""
    names = [_LEFT_OUT_NAMES.get(name, f"the setting {name}") for name in left_out]
    return (
        f"This link leaves out {' and '.join(names)}: too long for a link. Share a saved "
        "view instead."
    )
