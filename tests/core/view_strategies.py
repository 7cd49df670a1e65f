"""Hypothesis strategies for views: any view the codec must carry, and, page by page, the
views a page itself makes (its own part set, the other pages' parts left empty)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume
from hypothesis import strategies as st

from components.navigation import PAGES as DECLARED_PAGES
from ndcg_core import NdcgError, format_grades, parse_grades
from ndcg_core.links.practice_link import answers_to_param
from ndcg_core.links.view import SWITCHES, Mode, PracticeAt, View
from ndcg_core.metric.parsing import GradeList
from ndcg_core.teaching import kinds
from ndcg_core.teaching.lesson_plan import STEP_TITLES
from ndcg_core.teaching.practice import Exercise, Level, exercise_set
from ndcg_core.teaching.practice_scoring import Answer, Answered
from ndcg_core.text.titles import MAX_TITLE_LENGTH, check_plain_text
from tests.core.strategies import conventions

PAGES = tuple(page.name for page in DECLARED_PAGES)
grades = st.one_of(
    st.integers(-3, 3).map(float),
    st.sampled_from([0.5, 2.25, 1e-7, 1e300, 123456789.125]),
    st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
)
labels = st.text("abcxyzDé019 _-", min_size=1, max_size=6).map(str.strip).filter(bool)
titles_text = st.text(
    st.characters(categories=("L", "N", "P", "S", "Zs"), exclude_characters="\n"),
    min_size=1,
    max_size=MAX_TITLE_LENGTH,
)


def _plain(text: str) -> bool:
    try:
        return check_plain_text(text.strip(), what="t", max_length=MAX_TITLE_LENGTH) == text
    except NdcgError:
        return False


@st.composite
def grade_lists(draw: st.DrawFn, max_size: int = 8) -> GradeList:
    """A list as parse_grades gives it: labelled or not, any grades."""
    values = draw(st.lists(grades, min_size=1, max_size=max_size))
    names = draw(st.none() | st.lists(labels, min_size=len(values), max_size=len(values)))
    if names is not None:
        assume(len({name.casefold() for name in names}) == len(names))
    try:
        return parse_grades(format_grades(values, names))
    except NdcgError:
        assume(False)
        raise


@st.composite
def practice_sets(draw: st.DrawFn) -> PracticeAt:
    """A set and answers a person could have given on it."""
    seed = draw(st.integers(1, 60))
    level = draw(st.sampled_from(list(Level)))
    exercises = exercise_set(seed, level)
    answered = {}
    for exercise in draw(st.lists(st.sampled_from(exercises), unique=True, max_size=3)):
        first = draw(practice_answers(exercise))
        latest = draw(st.none() | practice_answers(exercise))
        record = (
            Answered(first, first, 1)
            if latest is None
            else Answered(first, latest, draw(st.integers(2, 5)))
        )
        answered[exercise.key] = record
    return PracticeAt(seed, level, answers_to_param(exercises, answered) or "")


def practice_answers(exercise: Exercise) -> st.SearchStrategy[Answer]:
    """Any answer the Practice page can give to ``exercise``."""
    if exercise.kind is kinds.PREDICT:
        return st.builds(Answer, number=st.floats(allow_nan=False, allow_infinity=False))
    if exercise.kind is kinds.REORDER:
        return st.permutations(exercise.labels).map(lambda order: Answer(order=tuple(order)))
    if exercise.kind is kinds.COMPARE:
        return st.builds(
            Answer,
            winner=st.sampled_from(["A", "B"]),
            choice=st.integers(0, len(exercise.options) - 1),
        )
    return st.builds(Answer, choice=st.integers(0, len(exercise.pairs) - 1))


@st.composite
def shared_parts(draw: st.DrawFn, page: str, max_size: int = 8) -> View:
    """What every page's view holds: the list, its titles, unretrieved grades, the
    convention and the mode."""
    grade_list = draw(grade_lists(max_size))
    named = draw(st.lists(st.sampled_from(grade_list.labels), unique=True))
    titles = {label: draw(titles_text.filter(_plain)) for label in named}
    return View(
        page=page,
        grade_list=grade_list,
        titles=titles,
        unretrieved=tuple(draw(st.lists(grades, max_size=3))),
        convention=draw(conventions()),
        mode=draw(st.sampled_from(list(Mode))),
    )


@st.composite
def any_views(draw: st.DrawFn) -> View:
    """Any view at all: every field set at random, whatever its page."""
    view = draw(shared_parts(draw(st.sampled_from(PAGES))))
    order = draw(st.none() | st.permutations(view.grade_list.labels).map(tuple))
    return replace(
        view,
        compare=draw(st.booleans()),
        ranking_b=order,
        lesson_step=draw(st.none() | st.integers(1, len(STEP_TITLES))),
        practice=draw(st.none() | practice_sets()),
        queries=draw(st.none() | st.text(max_size=40)),
        switches=frozenset(draw(st.lists(st.sampled_from(SWITCHES), unique=True))),
        join_code=draw(st.none() | st.text("ABCDEFGHJK23456789", min_size=1, max_size=8)),
    )
