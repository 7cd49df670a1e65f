"""What the server does once, as it starts (asgi.py), before its first session."""

from __future__ import annotations

import gc


def freeze_startup_objects() -> None:
    """Take every object the server holds at its start (the modules it has imported:
    Streamlit, pandas, Altair, the app's route) out of the garbage collector's full passes.

    They live as long as the process, yet a full pass scanned them all, about 130,000
    objects: with 100 sessions open, one pass held the server for 56-109 ms, and a class
    opening the Playground at once waited behind it (docs/performance.md, "A choice reruns
    the picker's notes, not its widgets; the server's start freezes its imports").
    Collected first, so that no garbage is frozen with them; nothing made later is frozen.
    """
    gc.collect()
    gc.freeze()
