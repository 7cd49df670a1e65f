"""The pages app.py declares, and the guard every one of them calls first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

from components.state import session_started


@dataclass(frozen=True)
class DeclaredPage:
    """One entry of the app's navigation (app.py builds its st.Page from it)."""

    path: str  # the page file, relative to app.py
    title: str  # the menu entry, and the title the page shows
    icon: str
    default: bool = False
    # Why the sidebar's convention changes nothing here, or None where the page computes
    # with it (tests/pages/test_convention_scope.py checks each against the page's code).
    convention_unused: str | None = None

    @property
    def name(self) -> str:
        """The page's name in a view and in its address: its file's name ("playground")."""
        return self.path.removeprefix("pages/").removesuffix(".py")


# The one list of pages: app.py declares these, and the tests run and check each of them.
PAGES = (
    DeclaredPage(
        "pages/lesson.py",
        "Lesson: what nDCG measures",
        ":material/auto_stories:",
        default=True,
        convention_unused="the lesson uses the textbook convention, stated at its foot",
    ),
    DeclaredPage("pages/playground.py", "Playground", ":material/swap_vert:"),
    DeclaredPage("pages/step_by_step.py", "Step by step", ":material/stairs:"),
    DeclaredPage(
        "pages/drawbacks.py",
        "Drawbacks",
        ":material/warning:",
        convention_unused="each example states the convention it needs",
    ),
    DeclaredPage("pages/conventions.py", "Conventions", ":material/tune:"),
    DeclaredPage("pages/queries.py", "Several queries", ":material/stacks:"),
    DeclaredPage("pages/runs.py", "Your run", ":material/upload_file:"),
    DeclaredPage(
        "pages/practice.py",
        "Practice",
        ":material/school:",
        convention_unused="each exercise names its own convention",
    ),
    DeclaredPage("pages/class_teacher.py", "Class", ":material/groups:"),
    DeclaredPage(
        "pages/class_join.py",
        "Join a class",
        ":material/login:",
        convention_unused="each question names its own convention",
    ),
)


# The pages that compute with the sidebar's convention, by title.
CONVENTION_PAGES = tuple(page.title for page in PAGES if page.convention_unused is None)


def page_named(name: str) -> DeclaredPage | None:
    """The declared page a view names (see :attr:`DeclaredPage.name`), if any."""
    return next((page for page in PAGES if page.name == name), None)


def declared_page(title: str, pages: Sequence[DeclaredPage] = PAGES) -> DeclaredPage:
    """The declared page with this title among ``pages`` (st.navigation's page has the title
    we gave it)."""
    for page in pages:
        if page.title == title:
            return page
    raise KeyError(title)


def run_through_app() -> None:
    """Make sure this page runs inside app.py (sidebar, state, URL), even from a deep link.

    With a folder named ``pages/`` beside the entry script, Streamlit (1.67) starts a fresh
    server in its old pages-directory mode: the first deep link (say /drawbacks) runs the page
    file alone, without app.py, until some run has called st.navigation. Every page calls
    this first (tests/pages/test_declared_pages.py checks it); in that case it switches the
    server to st.navigation mode and reruns.

    A private Streamlit name (one of two in the app, with ``components.run_uploads``), for
    want of a public one: the mode is decided by the folder's name alone (no setting turns it
    off; ``showSidebarNavigation`` only hides the menu), and only st.navigation, which app.py
    has not yet run, switches it.
    Renaming ``pages/`` would avoid it, but the product's layout names that folder.

    The flag is the server's, the check is the session's: when a restarted server meets
    several reconnecting browsers at once, one run switches the flag while the others are
    already running their page alone. A session that app.py has not yet set up (it has not
    read its link) reruns too; without it a student's page came back as an empty join form,
    the token still in its address (tests/browser/test_restart_browser.py).
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory or not session_started():
        PagesManager.uses_pages_directory = False
        st.rerun()
