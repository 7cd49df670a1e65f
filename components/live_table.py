"""The live view's per-position table as the server sends it (components/live_view.py):
its headers, the keys the browser's repaint names its columns by, and the cells the core
prints. A long table goes a page at a time, turned in the browser."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ndcg_core.metric.metrics import Evaluation
from ndcg_core.pictures.tables import column_names, display_columns

WHOLE_TABLE_UP_TO = 400  # rows a table draws whole; a browser redraws them within a frame
PAGE_ROWS = 50  # rows a page of a longer table shows (Streamlit's paged table had the same)
NO_LABEL = "—"  # display_columns' label cell of a position past the list's end
YES, NO = "yes", "no"  # display_columns' "in top k" cells


def table_rows(evaluation: Evaluation) -> int:
    """How many rows a page of the table shows (every row, or a page of a long table).

    >>> from ndcg_core import evaluate
    >>> table_rows(evaluate([1.0] * 10)), table_rows(evaluate([1.0] * 1000))
    (10, 50)
    """
    rows = evaluation.rows
    return rows if rows <= WHOLE_TABLE_UP_TO else PAGE_ROWS


def server_table(
    evaluation: Evaluation,
    titles: Mapping[str, str] | None,
    keys: Mapping[str, str] | None,
) -> dict[str, Any]:
    """The server's table: headers, the keys ``repaintView``'s rows name them by, and the
    cells of the first page as display_columns prints them, labels and titles as plain text
    (not Markdown). Without ``keys`` (no payload: the browser cannot redo the numbers) the
    cells of every page."""
    total = evaluation.rows
    page_rows = table_rows(evaluation)
    shown = page_rows if keys else total
    columns = display_columns(evaluation, rows=shown, titles=titles)
    labels = [str(label) for label in evaluation.column("label", 0, shown)]
    columns[column_names(evaluation)["label"]] = [label or NO_LABEL for label in labels]
    if titles:
        columns["title"] = [titles.get(label, "") for label in labels]
    headers = list(columns)
    by_header = {header: key for key, header in (keys or {}).items()}
    return {
        "caption": "Position by position",
        "headers": headers,
        "keys": [by_header[header] for header in headers] if keys else None,
        # Words read from the left; numbers line up on the right.
        "text": [header in (column_names(evaluation)["label"], "title") for header in headers],
        "rows": [list(row) for row in zip(*columns.values(), strict=True)],
        "total": total,
        "page_rows": page_rows,
    }
