"""This browser's own random name, kept in a cookie, so that a student who opens the join link
again (another tab, a reload, the link once more) gets their student back instead of a new one.

The cookie ``ndcg_lab_browser`` holds 32 random bytes (43 URL-safe characters) drawn by the
browser's ``crypto.getRandomValues``: no token, no key, nothing about the person. A small
``st.components.v2`` component (JavaScript, no iframe, draws nothing) sets it when it is
missing, with ``Path=/; SameSite=Strict; Max-Age=86400`` (a room's lifetime; ``Secure`` over
https). Python reads it through ``st.context.cookies``, which holds the cookies sent with the
page's websocket: a tab opened after the cookie was set has it from its first run; the tab
that made it learns it from the component's reported value, one rerun later.

The name is the browser's secret for class mode: the store derives the browser's student
token from it (:func:`classroom.codes.student_token`) and keeps only hashes. It is never drawn,
never put in a link, an export or the component's data.
"""

from __future__ import annotations

import re
import secrets

import streamlit as st

from classroom.store import ROOM_LIFETIME

COOKIE = "ndcg_lab_browser"
NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")  # the JavaScript below checks the same
MAX_AGE_SECONDS = int(ROOM_LIFETIME.total_seconds())
ADOPTED = "class_browser_name"  # the cookie's name as this session learnt it
FALLBACK = "class_client"  # this session's own random name while no cookie is known

_JS = """
const COOKIE = "ndcg_lab_browser";
const VALID = /^[A-Za-z0-9_-]{43}$/;

function fromCookie() {
  for (const part of document.cookie.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === COOKIE) return value.join("=");
  }
  return "";
}

function drawn() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const text = btoa(String.fromCharCode(...bytes));
  return text.replace(/[+]/g, "-").replace(/[/]/g, "_").replace(/=+$/, "");
}

export default function ({ data, setStateValue }) {
  let name = fromCookie();
  let made = false;
  if (!VALID.test(name)) {
    name = drawn();
    made = true;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie =
      `${COOKIE}=${name}; Path=/; Max-Age=${data.max_age}; SameSite=Strict${secure}`;
  }
  // Report only what Python does not know yet: each report is a rerun.
  if (made || !data.known) setStateValue("name", name);
}
"""

_COMPONENT = st.components.v2.component("ndcg_lab_browser_name", js=_JS)


def _valid(name: object) -> str | None:
    return name if isinstance(name, str) and NAME_PATTERN.fullmatch(name) else None


def _known() -> str | None:
    return _valid(st.session_state.get(ADOPTED)) or _valid(st.context.cookies.get(COOKIE))


def browser_name() -> str:
    """This browser's secret random name: the cookie's, else (no cookie yet, or cookies off)
    this session's own random one, so the session still counts as one browser."""
    return _known() or st.session_state.setdefault(FALLBACK, secrets.token_urlsafe(32))


def keep_browser_name() -> None:
    """Mount the cookie's component (it draws nothing): it sets the cookie when missing and
    reports a name Python does not know yet, which this session adopts in that rerun."""
    result = _COMPONENT(
        key="class_browser_cookie",
        data={"max_age": MAX_AGE_SECONDS, "known": _known() is not None},
        on_name_change=_reported,
    )
    found = _valid(result.get("name"))
    if found is not None:
        st.session_state[ADOPTED] = found


def _reported() -> None:
    """The report reruns the page; the mount above reads it."""
