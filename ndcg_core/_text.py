"""Small text helpers shared by the core's modules."""

from __future__ import annotations


def short_number(value: float) -> str:
    """The shortest text that reads back as the same float: '3' for 3.0, repr otherwise.

    >>> short_number(3.0), short_number(0.1), short_number(1.6968612456694245)
    ('3', '0.1', '1.6968612456694245')
    """
    short = f"{value:.15g}"
    return short if float(short) == value else repr(value)
