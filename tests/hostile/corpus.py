"""Every hostile input in one fixed order, which numbers the cases in test ids. The cases
are in typed_inputs.py, uploads.py and links.py; what a case holds is in case.py."""

from __future__ import annotations

from tests.hostile.case import Case
from tests.hostile.links import URL
from tests.hostile.typed_inputs import QUERIES, TABLE, TEXT, UNRETRIEVED
from tests.hostile.uploads import QRELS, RUN, VIEW

CORPUS: tuple[Case, ...] = (*TEXT, *TABLE, *UNRETRIEVED, *QUERIES, *VIEW, *QRELS, *RUN, *URL)


def case_id(case: Case) -> str:
    """A short, unique test id: the target, the case's number in the corpus, its payload."""
    return f"{CORPUS.index(case):03d} {case}"
