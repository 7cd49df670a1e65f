"""The view: everything a link or a saved file brings back, as one typed value, and its codec.

A :class:`View` is the page shown and its state: the list (grades, labels, titles, the
grades of judged documents not retrieved), the convention, the view mode, and each page's
own part (compare mode and ranking B, the lesson's step, a practice set and the answers
given, the queries typed, the page's switches, a class's join code). A secret (a teacher
key, a student token) is never part of it (:mod:`ndcg_core.links.secret_params`).

One codec writes it and reads it back: :func:`view_to_params` gives the URL's parameters,
:func:`view_from_params` reads them, and a saved view (:mod:`ndcg_core.links.view_files`) is those
same parameters and the page in a JSON file. So a link and a file can never disagree on
what a view holds, and ``view_from_params(view_to_params(view))`` is ``view`` for every view
(tests/core/links/test_view.py, a hypothesis property).

>>> view = View(page="playground", grade_list=parse_grades("a=3, b=1"), compare=True)
>>> view_to_params(view)
{'g': 'a=3, b=1', 'cmp': '1'}
>>> view_from_params(view_to_params(view), page="playground") == (view, ())
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TypedDict

from ndcg_core.errors import NdcgError
from ndcg_core.links.practice_link import ANSWERS_PARAM
from ndcg_core.metric.compare import ORDER_PARAM, order_from_param, order_to_param
from ndcg_core.metric.conventions import Convention, read_params
from ndcg_core.metric.parsing import GradeList, format_grades, parse_grades
from ndcg_core.teaching.lesson_plan import STEP_TITLES
from ndcg_core.teaching.practice import Level, set_from_link
from ndcg_core.text.quoting import quoted
from ndcg_core.text.titles import TITLES_PARAM, titles_from_param, titles_to_param

DEFAULT_GRADES = "3, 2, 3, 0, 1, 2"  # seed 000's worked example: the list a new view shows
DEFAULT_PAGE = "lesson"  # the page the app opens on
COMPARE_PARAM = "cmp"
STEP_PARAM = "step"
QUERIES_PARAM = "q"
JOIN_CODE_PARAM = "code"
MODE_PARAM = "mode"
# The on/off switches pages keep in their links (each page draws its own; see linked_toggle).
SWITCHES = ("reveal", "fix1", "fix2a", "fix2b", "fix3")
# Parameters a link may leave out when it would be too long (ndcg_core.links.length.fit_link), and
# what each is read against: without the list, ranking B and the titles mean nothing.
LONG_PARAMS = ("g", "u", TITLES_PARAM, ORDER_PARAM, QUERIES_PARAM, ANSWERS_PARAM)
READ_AGAINST_THE_LIST: Mapping[str, str] = MappingProxyType({ORDER_PARAM: "g", TITLES_PARAM: "g"})
MAX_JOIN_CODE = 40  # longer is no class's code; a shorter wrong one is the page's to refuse


class Mode(StrEnum):
    """How the page is drawn: the whole app, on a projector, or the content alone."""

    FULL = ""
    PRESENT = "present"
    EMBED = "embed"


@dataclass(frozen=True)
class PracticeAt:
    """A Practice set and the answers given on it, written as :mod:`ndcg_core.links.practice_link`
    writes them ("" for none): only the page, holding the set's exercises, reads them."""

    seed: int = 1
    level: Level = Level.EASY
    answers: str = ""


def default_list() -> GradeList:
    return parse_grades(DEFAULT_GRADES)


@dataclass(frozen=True)
class View:
    """A page and all it shows that a link or a saved file brings back.

    ``ranking_b`` is B's order as labels (``None``: the ideal order); ``lesson_step`` counts
    from 1; ``switches`` are the names in :data:`SWITCHES` that are on.
    """

    page: str = DEFAULT_PAGE
    grade_list: GradeList = field(default_factory=default_list)
    titles: Mapping[str, str] = field(default_factory=dict)  # label -> title
    unretrieved: tuple[float, ...] = ()
    convention: Convention = field(default_factory=Convention)
    mode: Mode = Mode.FULL
    compare: bool = False
    ranking_b: tuple[str, ...] | None = None
    lesson_step: int | None = None
    practice: PracticeAt | None = None
    queries: str | None = None
    switches: frozenset[str] = frozenset()
    join_code: str | None = None


class PagePart(TypedDict, total=False):
    """The fields of :class:`View` that belong to one page (a page sets those it has)."""

    compare: bool
    ranking_b: tuple[str, ...] | None
    lesson_step: int | None
    practice: PracticeAt | None
    queries: str | None
    switches: frozenset[str]
    join_code: str | None


def view_to_params(view: View) -> dict[str, str]:
    """The URL parameters of ``view`` (its page is the link's path, not a parameter).

    Only what differs from a new view is written, so an untouched page has a short link.

    >>> view_to_params(View(lesson_step=5, mode=Mode.PRESENT))
    {'mode': 'present', 'step': '5'}
    """
    params = dict(view.convention.to_params())
    labels = view.grade_list.labels
    text = format_grades(view.grade_list.grades, labels, labelled=bool(view.titles))
    if text != DEFAULT_GRADES:
        params["g"] = text
    if view.unretrieved:
        params["u"] = format_grades(view.unretrieved)
    if view.titles:
        params[TITLES_PARAM] = titles_to_param(labels, view.titles)
    if view.mode is not Mode.FULL:
        params[MODE_PARAM] = view.mode.value
    if view.compare:
        params[COMPARE_PARAM] = "1"
    if view.ranking_b is not None:
        params[ORDER_PARAM] = order_to_param(labels, view.ranking_b)
    if view.lesson_step is not None:
        params[STEP_PARAM] = str(view.lesson_step)
    if view.practice is not None:
        params["seed"] = str(view.practice.seed)
        params["level"] = view.practice.level.value
        if view.practice.answers:
            params[ANSWERS_PARAM] = view.practice.answers
    if view.queries is not None:
        params[QUERIES_PARAM] = view.queries
    params.update((name, "1") for name in SWITCHES if name in view.switches)
    if view.join_code is not None:
        params[JOIN_CODE_PARAM] = view.join_code
    return params


def view_from_params(
    params: Mapping[str, str],
    *,
    page: str = DEFAULT_PAGE,
    check_convention: Callable[[Convention], None] | None = None,
) -> tuple[View, tuple[str, ...]]:
    """The view ``params`` give on ``page``, and a sentence for each part that could not be
    read (that part keeps its default; the rest is followed). Unknown names are ignored.
    ``check_convention`` may refuse a convention the reader cannot show (it raises
    :class:`NdcgError`), named with the settings' other problems.

    >>> view, problems = view_from_params({"g": "3, x", "step": "5"})
    >>> view.lesson_step, view.grade_list == default_list()
    (5, True)
    >>> problems
    ('Its list could not be read (Item 2 (“x”) is not a number.); showing the seed example.',)
    """
    problems: list[str] = []
    convention, bad_settings = read_params(params)  # every bad setting named, not the first
    if check_convention is not None:
        try:
            check_convention(convention)
        except NdcgError as error:
            bad_settings = (*bad_settings, str(error))
    if bad_settings:
        problems.append(
            f"Its settings could not be read ({' '.join(bad_settings)}); using the defaults."
        )
        convention = Convention()
    grade_list = default_list()
    if params.get("g"):
        try:
            grade_list = parse_grades(params["g"])
        except NdcgError as error:
            problems.append(f"Its list could not be read ({error}); showing the seed example.")
    labels = grade_list.labels
    titles: dict[str, str] = {}
    if params.get(TITLES_PARAM):
        try:
            titles = titles_from_param(params[TITLES_PARAM], labels)
        except NdcgError as error:
            problems.append(f"Its titles could not be read ({error}); the list has none.")
    unretrieved: tuple[float, ...] = ()
    if params.get("u"):
        try:
            unretrieved = parse_grades(params["u"]).grades
        except NdcgError as error:
            problems.append(f"Its judged-but-not-retrieved grades could not be read ({error}).")
    ranking_b = None
    if ORDER_PARAM in params:
        try:
            ranking_b = order_from_param(params[ORDER_PARAM], labels)
        except NdcgError as error:
            problems.append(f"{error} Ranking B starts as the ideal order instead.")
    view = View(
        page=page,
        grade_list=grade_list,
        titles=titles,
        unretrieved=unretrieved,
        convention=convention,
        mode=_read_mode(params.get(MODE_PARAM, ""), problems),
        compare=params.get(COMPARE_PARAM) == "1",
        ranking_b=ranking_b,
        lesson_step=_read_step(params.get(STEP_PARAM), problems),
        practice=_read_practice(params, problems),
        queries=params.get(QUERIES_PARAM),
        switches=frozenset(name for name in SWITCHES if params.get(name) == "1"),
        join_code=_read_join_code(params.get(JOIN_CODE_PARAM), problems),
    )
    return view, tuple(problems)


def _read_mode(raw: str, problems: list[str]) -> Mode:
    try:
        return Mode(raw)
    except ValueError:
        modes = ", ".join(mode.value for mode in Mode if mode.value)
        problems.append(f"Its view mode {quoted(raw, 20)} is not one of: {modes}.")
        return Mode.FULL


def _read_step(raw: str | None, problems: list[str]) -> int | None:
    if raw is None:
        return None
    text = raw.strip()
    if text.isascii() and text.isdigit() and 1 <= int(text) <= len(STEP_TITLES):
        return int(text)
    problems.append(
        f"The lesson has no step {quoted(raw, 20)}: its steps are 1 to {len(STEP_TITLES)}. "
        "It opens at step 1."
    )
    return None


def _read_practice(params: Mapping[str, str], problems: list[str]) -> PracticeAt | None:
    if not {"seed", "level", ANSWERS_PARAM} & params.keys():
        return None
    try:
        seed, level = set_from_link(params.get("seed"), params.get("level"))
    except NdcgError as error:
        problems.append(f"Its exercise set could not be read ({error}); showing set 1.")
        return PracticeAt()
    return PracticeAt(seed, level, params.get(ANSWERS_PARAM, ""))


def _read_join_code(raw: str | None, problems: list[str]) -> str | None:
    if raw is None:
        return None
    if len(raw) > MAX_JOIN_CODE:
        problems.append(f"Its join code {quoted(raw, 20)} is too long to be a class's code.")
        return None
    return raw
