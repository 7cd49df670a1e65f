""" "Explain to a stakeholder": an A-vs-B comparison as one self-contained HTML page.

The page holds the numbers, the paragraph from :func:`ndcg_core.metric.compare_words.explain`, the
convention in words, both rankings as text tables and the charts as inline SVG drawn
offline by vl-convert. It loads nothing (no script, no font, no image from elsewhere),
so it opens offline in any browser, and its print CSS fits it on one A4 page.

Every piece of user text (titles, labels, the page title) goes through
:func:`html.escape`; the only markup not written here is the SVG vl-convert draws, which
holds positions and numbers only.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from html import escape

from ndcg_core.metric.compare_words import format_pair, signed
from ndcg_core.metric.comparison import Comparison
from ndcg_core.metric.metrics import Evaluation, Real
from ndcg_core.text.formatting import format_real

#: Rows of each ranking shown on the page; longer rankings end with "and N more".
MAX_ROWS = 12

_CSS = """
@page { size: A4; margin: 15mm; }
* { box-sizing: border-box; }
html { color: #1a1a1a; background: #ffffff; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
       font-size: 10pt; line-height: 1.35; margin: 0 auto; max-width: 180mm; padding: 8mm 0; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
h2 { font-size: 11pt; margin: 4mm 0 1.5mm; }
p { margin: 0 0 2mm; }
.convention { color: #444444; font-size: 9pt; }
.summary { font-size: 10.5pt; border-left: 3px solid #0072B2; padding-left: 3mm; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.6mm 2mm; border-bottom: 1px solid #dddddd; text-align: left;
         vertical-align: top; }
td.number, th.number { text-align: right; white-space: nowrap; }
.numbers { margin-bottom: 2mm; }
.rankings { display: flex; gap: 6mm; }
.rankings section { flex: 1 1 0; min-width: 0; }
.rankings table { width: 100%; font-size: 8.5pt; }
.rankings td.document { overflow-wrap: anywhere; }
.below td { color: #777777; }
figure { margin: 2mm 0; }
figure svg { width: 100%; height: auto; max-height: 75mm; }
figcaption, footer { font-size: 8pt; color: #555555; }
footer { margin-top: 3mm; }
@media print { body { padding: 0; max-width: none; } }
/* A phone: the two rankings one under the other, and a margin (side by side they ran past a
   390 px screen's edge). Print keeps the A4 layout above. */
@media screen and (max-width: 600px) {
  body { padding: 4mm; }
  .rankings { flex-direction: column; }
}
"""


def _number_row(name: str, a: Real, b: Real, *, exact: bool) -> tuple[str, str, str, str]:
    if exact:
        shown_a, shown_b = format_real(a), format_real(b)
        difference = signed(Decimal(b) - Decimal(a))
    else:
        shown_a, shown_b = format_pair(float(a), float(b))
        difference = signed(float(b) - float(a))
    return name, shown_a, shown_b, difference


def number_rows(comparison: Comparison) -> tuple[tuple[str, str, str, str], ...]:
    """The metrics of A and B and their difference (B - A), as text: (measure, A, B, B - A).

    The page and the exported file show these same rows.

    >>> from ndcg_core.metric.compare import compare
    >>> number_rows(compare({"x": 1, "y": 0}, "yx", "xy"))[0]
    ('nDCG', '0.631', '1', '+0.369')
    """
    a, b = comparison.a, comparison.b
    k = comparison.convention.cutoff_k
    at = "" if k is None else f"@{k}"
    exact = a.exact or b.exact
    return (
        _number_row(comparison.convention.label, a.ndcg, b.ndcg, exact=False),
        _number_row(f"DCG{at}", a.dcg, b.dcg, exact=exact),
        _number_row(f"ideal DCG{at}", a.ideal_dcg, b.ideal_dcg, exact=exact),
        _number_row(f"CG{at}", a.cg, b.cg, exact=exact),
    )


def numbers_table(comparison: Comparison) -> str:
    """The metrics of A and B and their difference (B - A), as an HTML table.

    >>> from ndcg_core.metric.compare import compare
    >>> '<td class="number">+0.369</td>' in numbers_table(compare({"x": 1, "y": 0}, "yx", "xy"))
    True
    """
    rows = [
        f'<tr><th scope="row">{escape(name)}</th><td class="number">{shown_a}</td>'
        f'<td class="number">{shown_b}</td><td class="number">{difference}</td></tr>'
        for name, shown_a, shown_b, difference in number_rows(comparison)
    ]
    return (
        '<table class="numbers"><thead><tr><th scope="col">measure</th>'
        '<th scope="col" class="number">A</th><th scope="col" class="number">B</th>'
        '<th scope="col" class="number">B − A</th></tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table>"
    )


def ranking_table(
    name: str, evaluation: Evaluation, titles: Mapping[str, str], *, max_rows: int = MAX_ROWS
) -> str:
    """One ranking as an HTML table: position, document, grade and what it adds to DCG.

    What a document adds is gain(rel_i) / discount(i), or "not counted" below the cutoff.

    >>> from ndcg_core import evaluate
    >>> html = ranking_table("A", evaluate([3, 2], labels=["<i>", "b"]), {"b": "Bee"})
    >>> "&lt;i&gt;" in html, "Bee (b)" in html, "1.262" in html
    (True, True, True)
    """
    n = len(evaluation.grades)
    table = evaluation.table
    rows = []
    for i, (label, grade, contribution, counted) in enumerate(
        zip(
            evaluation.labels,
            evaluation.grades,
            table["contribution"].tolist()[:n],
            table["counted"].tolist()[:n],  # the cutoff's rule: ndcg_core.metric.kernel.counted
            strict=True,
        )
    ):
        position = i + 1
        if position > max_rows:
            rows.append(f'<tr><td colspan="4">… and {n - max_rows} more</td></tr>')
            break
        below = not counted
        title = titles.get(label)
        document = escape(label) if not title else f"{escape(title)} ({escape(label)})"
        added = "not counted" if below else format_real(contribution)
        row_class = ' class="below"' if below else ""
        rows.append(
            f'<tr{row_class}><td class="number">{position}</td>'
            f'<td class="document">{document}</td><td class="number">{format_real(grade)}</td>'
            f'<td class="number">{added}</td></tr>'
        )
    return (
        f"<section><h2>Ranking {escape(name)}</h2><table><thead><tr>"
        '<th scope="col" class="number">#</th><th scope="col">document</th>'
        '<th scope="col" class="number">grade</th><th scope="col" class="number">adds</th>'
        "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></section>"
    )


def stakeholder_html(
    comparison: Comparison,
    *,
    title: str = "Ranking A against ranking B",
    titles: Mapping[str, str] | None = None,
    svg: str | None = None,
) -> str:
    """The comparison as one self-contained HTML document (a string).

    ``titles`` maps labels to result titles; ``svg`` is the chart markup, drawn with
    :func:`ndcg_core.pictures.compare_charts.comparison_svg` when not given.

    >>> from ndcg_core.metric.compare import compare
    >>> page = stakeholder_html(compare({"x": 3, "y": 0}, "xy", "yx"), svg="<svg></svg>")
    >>> page.startswith("<!DOCTYPE html>"), "<script" in page, "nDCG" in page
    (True, False, True)
    """
    if svg is None:
        from ndcg_core.pictures.compare_charts import comparison_svg

        svg = comparison_svg(comparison)
    titles = titles or {}
    convention = comparison.convention
    k = convention.cutoff_k
    cutoff = "" if k is None else f" Only the first {k} positions count; the rest are greyed out."
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{_CSS}</style>",
            "</head>",
            "<body>",
            "<main>",
            f"<h1>{escape(title)}</h1>",
            f'<p class="convention">Measured as {escape(str(convention))}.{escape(cutoff)}</p>',
            f'<p class="summary">{escape(comparison.paragraph)}</p>',
            numbers_table(comparison),
            (
                f'<figure role="img" aria-label="Running DCG of A and B, and B minus A at each '
                f'position">{svg}<figcaption>Left: DCG added up position by position for A and B. '
                "Right: what B's document at each position brings, minus what A's brings."
                "</figcaption></figure>"
            ),
            '<div class="rankings">',
            ranking_table("A", comparison.a, titles),
            ranking_table("B", comparison.b, titles),
            "</div>",
            "</main>",
            (
                "<footer>Made with nDCG Lab. Grades are relevance judgements (higher is better); "
                "“adds” is a document's gain divided by its position's discount.</footer>"
            ),
            "</body>",
            "</html>",
        ]
    )
