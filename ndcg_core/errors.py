"""The one error type the core raises for bad input."""

from __future__ import annotations


class NdcgError(ValueError):
    """Bad input to the core, with a message written for the person who typed it.

    ``item`` is the 1-based position of the offending item when the problem is
    one item of a list, so a page can point at it.
    """

    def __init__(self, message: str, *, item: int | None = None) -> None:
        super().__init__(message)
        self.item = item
