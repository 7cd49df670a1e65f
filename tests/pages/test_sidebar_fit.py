"""The sidebar's drop-downs show their options whole: at its width (about 200 px of text at
16 px) a longer option was cut short ("keep, in the list and the ide…"), in the box and in
its list."""

from __future__ import annotations

from tests.pages.conftest import open_app

# Characters that fit the sidebar's select box, measured in Chromium at 390 and 1366 px
# (Source Sans, 16 px): 24 fit, 31 did not.
FITS = 26


def test_every_option_of_the_sidebars_drop_downs_fits_it() -> None:
    at = open_app(page="pages/playground.py")
    boxes = at.sidebar.selectbox
    assert len(boxes) >= 4  # the preset, ties, the empty ideal, negative grades
    too_long = [
        (box.label, option) for box in boxes for option in box.options if len(option) > FITS
    ]
    assert too_long == []
