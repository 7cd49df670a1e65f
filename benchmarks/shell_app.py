"""A second baseline for benchmarks/playground.py: nDCG Lab's shell around a blank page.

app.py's own shell (components/app_shell.py: set-up, logo, sidebar convention picker, the
menu of every page, the screen-size component, URL sync), with a blank page in the
Playground's place, opened by default and at the Playground's address: one button and one
line of text (benchmarks/shell_page/playground.py). The difference from the Playground is the
Playground's own cost; the difference from empty_app.py is the shell's.
"""

from dataclasses import replace

from components.app_shell import run_app
from components.navigation import PAGES, DeclaredPage

BLANK = DeclaredPage(
    "benchmarks/shell_page/playground.py", "Blank", ":material/check_box_outline_blank:"
)
run_app(
    tuple(
        replace(BLANK, default=True) if page.name == "playground" else replace(page, default=False)
        for page in PAGES
    )
)
