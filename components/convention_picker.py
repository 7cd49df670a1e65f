"""The sidebar's convention picker: presets, every field, and who uses each choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import streamlit as st

from components.navigation import CONVENTION_PAGES
from components.state import (
    CONVENTION_KEYS,
    LOG_BASE_RANGE,
    MAX_CUTOFF_K,
    PERSIST,
    clear_errors,
    current_convention,
    set_picker,
    view_mode,
)
from ndcg_core import CONVENTION_FIELDS, PRESETS, Convention

NOT_USED_NOTE = "Not used on this page"
PICKER = "lab_picker"  # the sidebar's choices, a fragment of their own (st.rerun names it)
FOLLOWERS_KEY = "lab_choice_followers"  # what a page said follows a choice (follow_choices)
# The choices that change the numbers alone. Not the ideal (a judged ideal adds an input to
# the grade editor) nor the negative grades' rule (it decides which lists can be read).
NUMBERS_ONLY = frozenset({"gain", "discount", "log_base", "cutoff_k", "ties", "zero_ideal"})


def follow_choices(*fragments: str) -> None:
    """Said by a page as it draws: its ``fragments`` (keys) draw all it shows that follows
    the convention, its link included, so a choice in the sidebar that changes the numbers
    alone (:data:`NUMBERS_ONLY`) reruns them and the picker, not the whole app. With none,
    or unsaid (each run of the whole app starts unsaid), a choice reruns the app."""
    followed = (fragments, current_convention()) if fragments else None
    st.session_state[FOLLOWERS_KEY] = followed


def _after_choice() -> None:
    """After a choice in the sidebar (a widget's callback; the run it starts would be the
    picker's fragment alone): the fragments the page named, and the picker, when the choice
    changed the numbers alone since the page said so; else the whole app."""
    followed = st.session_state.get(FOLLOWERS_KEY)
    if followed is not None:
        fragments, drawn = followed
        now = current_convention()
        changed = {name for name in CONVENTION_KEYS if getattr(now, name) != getattr(drawn, name)}
        if changed <= NUMBERS_ONLY:
            st.rerun([PICKER, *fragments])
    st.rerun()


def _choice_help(name: str) -> str:
    info = CONVENTION_FIELDS[name]
    lines = [info.help, ""]
    lines += [f"- **{c.label}**: {c.used_by}" for c in info.choices]
    return "\n".join(lines)


Callback = Callable[[], None] | None


def _choice_radio(name: str, *, horizontal: bool = False, on_change: Callback = None) -> str:
    info = CONVENTION_FIELDS[name]
    labels = {c.value: c.label for c in info.choices}
    value: str = st.radio(
        info.label,
        list(labels),
        format_func=labels.__getitem__,
        key=CONVENTION_KEYS[name],
        persist_state=PERSIST,
        help=_choice_help(name),
        horizontal=horizontal,
        on_change=on_change,
    )
    return value


def _cutoff_input(
    *, width: int | Literal["stretch"] = "stretch", on_change: Callback = None
) -> int | None:
    cutoff_k = st.number_input(
        CONVENTION_FIELDS["cutoff_k"].label,
        min_value=1,
        max_value=MAX_CUTOFF_K,
        step=1,
        value=None,
        placeholder="whole list",
        key=CONVENTION_KEYS["cutoff_k"],
        persist_state=PERSIST,
        help=CONVENTION_FIELDS["cutoff_k"].help,
        width=width,
        on_change=on_change,
    )
    return None if cutoff_k is None else int(cutoff_k)


def _choice_select(name: str) -> str:
    info = CONVENTION_FIELDS[name]
    labels = {c.value: c.label for c in info.choices}
    value: str = st.selectbox(
        info.label,
        list(labels),
        format_func=labels.__getitem__,
        key=CONVENTION_KEYS[name],
        persist_state=PERSIST,
        help=_choice_help(name),
        on_change=_after_choice,
    )
    return value


def _used_by(name: str, value: str) -> None:
    for choice in CONVENTION_FIELDS[name].choices:
        if choice.value == value:
            st.caption(f"Used by: {choice.used_by}")


def _apply_preset() -> None:
    key = st.session_state.get("conv_preset")
    if isinstance(key, str) and key in PRESETS:
        keep_k = st.session_state.get(CONVENTION_KEYS["cutoff_k"])
        convention = PRESETS[key].convention
        if convention.cutoff_k is None and keep_k is not None:
            convention = convention.with_changes(cutoff_k=keep_k)
        set_picker(convention)
    st.session_state["conv_preset"] = None
    clear_errors()
    st.rerun()  # the whole app: it may change any choice, and it clears every error


def matching_presets(convention: Convention) -> list[str]:
    """Names of the presets equal to this convention, whatever its cutoff k."""
    return [
        preset.name
        for preset in PRESETS.values()
        if preset.convention.with_changes(cutoff_k=convention.cutoff_k) == convention
    ]


def convention_picker() -> Convention:
    """The sidebar's convention controls; returns the convention they describe.

    In presenter view the sidebar is hidden: nothing is drawn there, and a page shows the
    choices a teacher flips live with :func:`presenter_choices`.
    """
    st.session_state[FOLLOWERS_KEY] = None  # until the page says what follows a choice
    if view_mode() == "present":
        _keep_choices()
        return current_convention()
    with st.sidebar:
        _sidebar_choices()
    return current_convention()


@st.fragment(key=PICKER)
def _sidebar_choices() -> None:
    """The picker's widgets and what they say of the convention: a choice reruns this part,
    and what the page said follows it (:func:`_after_choice`)."""
    st.subheader("Convention", help="Every choice behind the number, and who makes it.")
    st.selectbox(
        "Start from a library's preset",
        list(PRESETS),
        index=None,
        placeholder="Choose a preset…",
        format_func=lambda key: PRESETS[key].name,
        key="conv_preset",
        on_change=_apply_preset,
        help="\n".join(f"- **{p.name}**: {p.description}" for p in PRESETS.values()),
    )
    gain = _choice_radio("gain", on_change=_after_choice)
    _used_by("gain", gain)
    discount = _choice_radio("discount", on_change=_after_choice)
    log_base = st.number_input(
        CONVENTION_FIELDS["log_base"].label,
        min_value=LOG_BASE_RANGE[0],
        max_value=LOG_BASE_RANGE[1],
        step=1.0,
        format="%.4g",
        key=CONVENTION_KEYS["log_base"],
        persist_state=PERSIST,
        help=CONVENTION_FIELDS["log_base"].help + " 2 is usual; e ≈ 2.718 gives ln.",
        on_change=_after_choice,
    )
    cutoff_k = _cutoff_input(on_change=_after_choice)
    ideal = _choice_radio("ideal", on_change=_after_choice)
    _used_by("ideal", ideal)
    with st.expander("Advanced: ties, empty ideal, negative grades"):
        ties = _choice_select("ties")
        zero_ideal = _choice_select("zero_ideal")
        _used_by("zero_ideal", zero_ideal)
        negative_grades = _choice_select("negative_grades")
        _used_by("negative_grades", negative_grades)
    convention = Convention(
        gain=gain,  # type: ignore[arg-type]
        discount=discount,  # type: ignore[arg-type]
        log_base=float(log_base),
        cutoff_k=cutoff_k,
        ideal=ideal,  # type: ignore[arg-type]
        ties=ties,  # type: ignore[arg-type]
        zero_ideal=zero_ideal,  # type: ignore[arg-type]
        negative_grades=negative_grades,  # type: ignore[arg-type]
    )
    matches = matching_presets(convention)
    st.caption(f"**{convention}**" + (f"  \nSame as: {', '.join(matches)}" if matches else ""))


def hidden_convention(unused_because: str) -> Convention:
    """The picker's convention on a page that does not compute with it: the picker is not
    drawn, and the sidebar says why and where it applies.

    Streamlit forgets a widget's value after a run that does not draw it; writing each key
    back keeps the reader's choice for the next page that shows the picker.
    """
    st.sidebar.info(
        f"{NOT_USED_NOTE}: {unused_because}. The convention picker is on: "
        f"{', '.join(CONVENTION_PAGES)}.",
        icon=":material/info:",
    )
    _keep_choices()
    return current_convention()


def _keep_choices() -> None:
    """Keep every choice through a run that does not draw its widget."""
    for key in CONVENTION_KEYS.values():
        st.session_state[key] = st.session_state[key]


def presenter_choices() -> None:
    """Gain and cutoff k on the page itself, for presenter view (the sidebar is hidden)."""
    with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
        _choice_radio("gain", horizontal=True)
        _cutoff_input(width=180)
