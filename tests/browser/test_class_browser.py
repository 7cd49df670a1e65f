"""Class mode in real Chromium: one teacher and three students (one on a phone) through a whole
question, and a second room beside it that sees nothing of the first.

The server runs on its own SQLite file in a temporary folder. Nothing here clicks to refresh:
the teacher's count and the students' screens follow through the pages' timed fragments.
The last test runs the teacher on one app process and the students on another, behind
HAProxy (scripts/serve.py), sharing the room through one SQLite file, then through a
throwaway PostgreSQL server.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from ndcg_core import format_real
from ndcg_core.teaching.practice import exercise_set
from ndcg_core.teaching.slips import SlipKind, slip_table
from tests.browser.conftest import VIEWPORT, Cluster, StreamlitServer, visit_at_known_width
from tests.browser.test_classroom_browser import AXE, serious_violations
from tests.classroom.support import emptied
from tests.hostile.case import IMG, IMG_LABEL

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
EXERCISE = exercise_set(1)[0]  # set 1, easy: a predict question, the picker's first
SLIPS = slip_table(EXERCISE.grades, EXERCISE.convention, tolerance=EXERCISE.tolerance)
RIGHT = SLIPS.right
LOG_I = next(g for g in SLIPS.groups if g.slips[0].kind is SlipKind.DISCOUNT)
EXPONENTIAL = next(g for g in SLIPS.groups if g.slips[0].kind is SlipKind.GAIN)


def new_page(browser: Browser, contexts: list[BrowserContext], viewport: dict[str, int]) -> Page:
    context = browser.new_context(viewport=viewport)
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def metric(page: Page, label: str) -> Locator:
    name = page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    return page.get_by_test_id("stMetric").filter(has=name).get_by_test_id("stMetricValue")


def start_room(page: Page, server: StreamlitServer) -> tuple[str, str]:
    return start_room_at(page, server.url)


def start_room_at(page: Page, url: str) -> tuple[str, str]:
    """Start a session; the join code and join link as the teacher's page shows them."""
    page.goto(f"{url}/class_teacher")
    page.get_by_role("button", name="Start a class session").click()
    code_value = metric(page, "Join code")
    expect(code_value).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=60_000)
    code = code_value.inner_text().strip()
    link = page.get_by_test_id("stCode").filter(has_text="class_join?code=").inner_text().strip()
    assert link == f"{url}/class_join?code={code}&mode=embed"
    expect(page.get_by_role("img", name="Scan to join").or_(page.get_by_alt_text("Scan to join")))
    return code, link


def open_question(page: Page) -> None:
    page.get_by_role("button", name="Open this question to the class").click()
    expect(metric(page, "Answers")).to_have_text("0")


def join_by_link(page: Page, link: str, nickname: str) -> None:
    # At a width the server knows: a phone's first visit reports its width, and the rerun
    # that causes could swallow the Join click (it did once in a CI run, the 390 px student).
    visit_at_known_width(page, link)
    page.get_by_role("textbox", name="Nickname (optional)").fill(nickname)
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.get_by_text(f"({nickname}) in class")).to_be_visible()


def join_by_code(page: Page, server: StreamlitServer, code: str) -> None:
    page.goto(f"{server.url}/class_join")
    page.get_by_role("textbox", name="Join code").fill(code.lower())  # typed as a person might
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.get_by_text(re.compile(r"You are student \d+ in class"))).to_be_visible()


def answer_box(page: Page) -> Locator:
    """The student's number box for the question asked (set 1's first exercise)."""
    return page.get_by_role("textbox", name=f"Your answer: {EXERCISE.convention.label}")


def answer(page: Page, typed: str) -> None:
    box = answer_box(page)
    box.fill(typed)
    box.press("Tab")
    page.get_by_role("button", name="Send answer").click()
    expect(page.get_by_text("Answer received")).to_be_visible()


def test_one_teacher_three_students_a_whole_question_and_a_room_beside_it(
    browser: Browser, class_server: StreamlitServer, contexts: list[BrowserContext]
) -> None:
    teacher = new_page(browser, contexts, VIEWPORT)
    code, link = start_room(teacher, class_server)

    # A second room, running at the same time, with a question of its own open.
    other_teacher = new_page(browser, contexts, VIEWPORT)
    other_code, other_link = start_room(other_teacher, class_server)
    assert other_code != code
    open_question(other_teacher)
    other_student = new_page(browser, contexts, VIEWPORT)
    join_by_link(other_student, other_link, "Zed")

    ada = new_page(browser, contexts, VIEWPORT)
    join_by_link(ada, link, "Ada")
    expect(ada.get_by_text("Waiting for your teacher's first question")).to_be_visible()
    bo = new_page(browser, contexts, VIEWPORT)
    join_by_code(bo, class_server, code)
    phone = new_page(browser, contexts, PHONE)
    join_by_link(phone, link, "Cy")

    open_question(teacher)
    for student in (ada, bo, phone):  # the question appears without a reload
        expect(student.get_by_text(EXERCISE.prompt)).to_be_visible()

    answer(ada, format_real(RIGHT, 2))
    answer(bo, format_real(LOG_I.value, 2))
    answer(phone, format_real(EXPONENTIAL.value, 2))  # (a decimal comma is refused: numbers.py)
    expect(metric(teacher, "Answers")).to_have_text("3")  # no click on the teacher's side

    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(metric(teacher, "Right")).to_have_text("1 of 3")
    expect(
        teacher.get_by_text(
            f"1 student answered about {format_real(LOG_I.value)}: what {LOG_I.name} gives."
        )
    ).to_be_visible()
    expect(
        teacher.get_by_text(
            f"1 student answered about {format_real(EXPONENTIAL.value)}: "
            f"what {EXPONENTIAL.name} gives."
        )
    ).to_be_visible()
    for student in (ada, bo, phone):  # the reveal arrives without a reload
        expect(
            student.get_by_text(f"{EXERCISE.convention.label} = {format_real(RIGHT, 4)}")
        ).to_be_visible()
        expect(metric(student, "Right")).to_have_text("1 of 3")

    # The phone's screen fits: nothing wider than its 390 px.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]

    # The other room saw nothing of this one.
    expect(metric(other_teacher, "Answers")).to_have_text("0")
    expect(other_student.get_by_text("Answer received")).to_have_count(0)
    expect(other_student.get_by_text(f"in class {other_code}")).to_be_visible()
    assert code not in other_student.locator("body").inner_text()
    assert code not in other_teacher.locator("body").inner_text()


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_class_database(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> str:
    """One class database for every process scripts/serve.py starts (they inherit the
    environment): an SQLite file in a data folder, or a throwaway PostgreSQL server (an empty
    schema each time). Asked for before haproxy_cluster, so it is set when that starts. The
    data folder is set in both runs, so the PostgreSQL run can check that no SQLite file was
    made beside it."""
    data = tmp_path / "class-data"
    data.mkdir()
    monkeypatch.setenv("NDCG_LAB_DATA_DIR", str(data))
    if request.param == "sqlite":
        monkeypatch.delenv("NDCG_LAB_DATABASE_URL", raising=False)
        return f"sqlite:///{data / 'class.db'}"
    url = emptied(request.getfixturevalue("postgres_server"))
    monkeypatch.setenv("NDCG_LAB_DATABASE_URL", url)
    return url


def on_backend(
    browser: Browser, contexts: list[BrowserContext], cluster: Cluster, backend: str
) -> Page:
    """A browser stuck to one app process: HAProxy's cookie, set before the first request."""
    context = browser.new_context(viewport=VIEWPORT)
    contexts.append(context)
    context.add_cookies([{"name": cluster.cookie, "value": backend, "url": cluster.url}])
    page = context.new_page()
    page.set_default_timeout(60_000)  # a just-started process's first run is slow
    return page


def test_teacher_and_students_on_two_processes_share_the_room(
    browser: Browser,
    shared_class_database: str,
    haproxy_cluster: Cluster,
    contexts: list[BrowserContext],
) -> None:
    first, second = sorted(haproxy_cluster.pids)
    # Two operating-system processes: nothing but the database can carry the room across.
    assert haproxy_cluster.pids[first] != haproxy_cluster.pids[second]
    teacher = on_backend(browser, contexts, haproxy_cluster, first)
    code, link = start_room_at(teacher, haproxy_cluster.url)
    open_question(teacher)
    students = [on_backend(browser, contexts, haproxy_cluster, second) for _ in range(2)]
    for number, student in enumerate(students):
        join_by_link(student, link, f"S{number}")
        expect(student.get_by_text(EXERCISE.prompt)).to_be_visible()
    # Each answer, written on the second process, shows in the count on the first.
    answer(students[0], format_real(RIGHT, 2))
    expect(metric(teacher, "Answers")).to_have_text("1")
    answer(students[1], format_real(LOG_I.value, 2))
    expect(metric(teacher, "Answers")).to_have_text("2")
    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(metric(teacher, "Right")).to_have_text("1 of 2")
    for student in students:
        expect(metric(student, "Right")).to_have_text("1 of 2")
    # Each browser stayed on its own process all along.
    for page, backend in ((teacher, first), *((s, second) for s in students)):
        cookies = {c["name"]: c["value"] for c in page.context.cookies()}
        assert cookies[haproxy_cluster.cookie] == backend
    # The room is in the database this run configured, and only there.
    assert room_rows(shared_class_database, code) == {"students": 2, "answers": 2}
    sqlite_file = Path(haproxy_cluster.log_dir / "class-data" / "class.db")
    assert sqlite_file.exists() == shared_class_database.startswith("sqlite")


def room_rows(url: str, code: str) -> dict[str, int]:
    """The room's students and answers, read straight from the database by a third party."""
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            rooms = sa.table("rooms", sa.column("id"), sa.column("code"))
            room_id = connection.execute(
                sa.select(rooms.c.id).where(rooms.c.code == code)
            ).scalar_one()
            students = sa.table("students", sa.column("id"), sa.column("room_id"))
            answers = sa.table("answers", sa.column("student_id"))
            in_room = sa.select(students.c.id).where(students.c.room_id == room_id)
            return {
                "students": connection.execute(
                    sa.select(sa.func.count())
                    .select_from(students)
                    .where(students.c.room_id == room_id)
                ).scalar_one(),
                "answers": connection.execute(
                    sa.select(sa.func.count())
                    .select_from(answers)
                    .where(answers.c.student_id.in_(in_room))
                ).scalar_one(),
            }
    finally:
        engine.dispose()


# --------------------------------------------------------------------------- accessibility


def audited(page: Page, where: str) -> list[str]:
    """axe-core's serious and critical findings once the page's run has ended, named by screen."""
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    return [f"{where}: {found}" for found in serious_violations(page)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_class_and_join_pages_have_no_serious_accessibility_violations(
    browser: Browser, class_server: StreamlitServer, contexts: list[BrowserContext], scheme: str
) -> None:
    """The Class page (start, live question, reveal) at 1366x768 and Join a class (form,
    question, reveal) at 390x844, in each colour scheme, audited by axe-core."""
    assert AXE.is_file(), f"{AXE} is missing: run scripts/ensure_axe.py (make test does)"
    teacher_context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme)
    phone_context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    contexts.extend((teacher_context, phone_context))
    teacher = teacher_context.new_page()
    phone = phone_context.new_page()
    found: list[str] = []

    teacher.goto(f"{class_server.url}/class_teacher")
    expect(teacher.get_by_role("button", name="Start a class session")).to_be_visible()
    found += audited(teacher, "Class, start")
    _, link = start_room(teacher, class_server)

    phone.goto(link)
    expect(phone.get_by_role("button", name="Join", exact=True)).to_be_visible()
    found += audited(phone, "Join, form")
    phone.get_by_role("textbox", name="Nickname (optional)").fill("Ada")
    phone.get_by_role("button", name="Join", exact=True).click()
    expect(phone.get_by_text("(Ada) in class")).to_be_visible()

    open_question(teacher)
    expect(phone.get_by_text(EXERCISE.prompt)).to_be_visible()
    found += audited(phone, "Join, question")
    answer(phone, format_real(LOG_I.value, 2))
    expect(metric(teacher, "Answers")).to_have_text("1")
    found += audited(teacher, "Class, live question")

    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(metric(teacher, "Right")).to_have_text("0 of 1")
    found += audited(teacher, "Class, reveal")
    expect(metric(phone, "Right")).to_have_text("0 of 1")
    found += audited(phone, "Join, reveal")
    assert found == [], "\n".join(found)


# --------------------------------------------------------------------------- hostile input


def test_hostile_nickname_and_answer_on_a_phone_are_refused_where_typed_and_not_stored(
    browser: Browser, class_server: StreamlitServer, contexts: list[BrowserContext]
) -> None:
    """Markup from the hostile corpus typed on Join a class at 390x844: a sentence under the box
    it was typed in, the text kept in the box, nothing drawn as HTML, no script run, and
    nothing in the class database (read by a third party)."""
    database = f"sqlite:///{class_server.log_path.parent / 'class.db'}"
    teacher = new_page(browser, contexts, VIEWPORT)
    code, link = start_room(teacher, class_server)
    open_question(teacher)
    phone = new_page(browser, contexts, PHONE)
    dialogs: list[str] = []
    phone.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    phone.goto(link)
    nickname = phone.get_by_role("textbox", name="Nickname (optional)")
    nickname.fill(IMG_LABEL)  # within the box's 24 characters
    phone.get_by_role("button", name="Join", exact=True).click()
    form = phone.locator(".st-key-class_join_form")
    refusal = form.get_by_test_id("stAlertContentError")
    expect(refusal).to_contain_text("plain text")
    expect(refusal).to_be_in_viewport()
    expect(nickname).to_have_value(IMG_LABEL)  # what was typed stays
    assert room_rows(database, code) == {"students": 0, "answers": 0}

    nickname.fill("Ada")
    phone.get_by_role("button", name="Join", exact=True).click()
    expect(phone.get_by_text(EXERCISE.prompt)).to_be_visible()
    box = phone.get_by_role("textbox", name=f"Your answer: {EXERCISE.convention.label}")
    box.fill(IMG)
    box.press("Tab")
    phone.get_by_role("button", name="Send answer").click()
    refusal = phone.get_by_test_id("stAlertContentError")
    expect(refusal).to_contain_text(f"“{IMG}” is not a number")
    expect(refusal).to_be_in_viewport()
    expect(box).to_have_value(IMG)
    expect(metric(teacher, "Answers")).to_have_text("0")
    assert room_rows(database, code) == {"students": 1, "answers": 0}

    # Shown as text only: no element made from the typed markup, no script run.
    assert phone.locator("main img[onerror], main img[src='x']").count() == 0
    assert teacher.locator("img[onerror]").count() == 0
    assert dialogs == []


def test_a_student_typing_the_join_page_on_a_phone_sees_the_form_not_the_sidebar(
    browser: Browser, contexts: list[BrowserContext], class_server: StreamlitServer
) -> None:
    phone = new_page(browser, contexts, PHONE)
    phone.goto(f"{class_server.url}/class_join")
    code = phone.get_by_role("textbox", name="Join code")
    expect(code).to_be_visible()
    expect(phone.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    code.click()  # a click fails while something else covers the box
    code.fill("ABCDEF")
    laptop = new_page(browser, contexts, VIEWPORT)
    laptop.goto(f"{class_server.url}/class_join")
    expect(laptop.get_by_role("textbox", name="Join code")).to_be_visible()
    expect(laptop.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "false")
