"""The sidebar's convention picker: presets, every field, and who uses each choice."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
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
SUMMARY = "lab_picker_summary"  # the picker's last line: the convention and its presets
FOLLOWERS_KEY = "lab_choice_followers"  # what a page said follows a choice (follow_choices)
# The choices that change the numbers alone. Not the ideal (a judged ideal adds an input to
# the grade editor) nor the negative grades' rule (it decides which lists can be read).
NUMBERS_ONLY = frozenset({"gain", "discount", "log_base", "cutoff_k", "ties", "zero_ideal"})
# The choices in NUMBERS_ONLY with a "Used by" note under them: each note is a fragment of its
# own, which such a choice reruns. The notes of the ideal and the negative grades' rule are
# drawn by the app's run that those choices start.
FOLLOWING_NOTES = ("gain", "zero_ideal")


def follow_choices(*fragments: str) -> None:
    """Said by a page as it draws: its ``fragments`` (keys) draw all it shows that follows
    the convention, its link included, so a choice in the sidebar that changes the numbers
    alone (:data:`NUMBERS_ONLY`) reruns them and the picker's notes that follow it, not the
    whole app. With none, or unsaid (each run of the whole app starts unsaid), a choice
    reruns the app."""
    followed = (fragments, current_convention()) if fragments else None
    st.session_state[FOLLOWERS_KEY] = followed


def _after_choice() -> None:
    """After a choice in the sidebar (a widget's callback): when the choice changed the
    numbers alone since the page said what follows it, rerun those fragments and the
    picker's notes on the choice, not the picker's widgets (half the cost of the run).
    Otherwise return, and the app reruns, as it does for any widget outside a fragment."""
    followed = st.session_state.get(FOLLOWERS_KEY)
    if followed is None:
        return
    fragments, drawn = followed
    now = current_convention()
    changed = {name for name in CONVENTION_KEYS if getattr(now, name) != getattr(drawn, name)}
    if changed <= NUMBERS_ONLY:
        notes = [_used_by_key(name) for name in sorted(changed) if name in FOLLOWING_NOTES]
        st.rerun([*fragments, *notes, SUMMARY])


def _choice_help(name: str) -> str:
    info = CONVENTION_FIELDS[name]
    lines = [info.help, ""]
    lines += [f"- **{c.label}**: {c.used_by}" for c in info.choices]
    return "\n".join(lines)


Callback = Callable[[], None] | None


def _choice_radio(name: str, *, horizontal: bool = False, on_change: Callback = None) -> None:
    """A choice's radio; its value is read from the session (``current_convention``)."""
    info = CONVENTION_FIELDS[name]
    labels = {c.value: c.label for c in info.choices}
    st.radio(
        info.label,
        list(labels),
        format_func=labels.__getitem__,
        key=CONVENTION_KEYS[name],
        persist_state=PERSIST,
        help=_choice_help(name),
        horizontal=horizontal,
        on_change=on_change,
    )


def _cutoff_input(
    *, width: int | Literal["stretch"] = "stretch", on_change: Callback = None
) -> None:
    st.number_input(
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


def _choice_select(name: str) -> None:
    info = CONVENTION_FIELDS[name]
    labels = {c.value: c.label for c in info.choices}
    st.selectbox(
        info.label,
        list(labels),
        format_func=labels.__getitem__,
        key=CONVENTION_KEYS[name],
        persist_state=PERSIST,
        help=_choice_help(name),
        on_change=_after_choice,
    )


def _used_by_key(name: str) -> str:
    return f"lab_used_by_{name}"


def _used_by(name: str) -> None:
    """The "Used by" note under one choice, as the choice stands."""
    value = st.session_state[CONVENTION_KEYS[name]]
    for choice in CONVENTION_FIELDS[name].choices:
        if choice.value == value:
            st.caption(f"Used by: {choice.used_by}")


def _following_note(name: str) -> Callable[[], None]:
    """The note under a choice in :data:`FOLLOWING_NOTES`, a fragment of its own."""
    return st.fragment(lambda: _used_by(name), key=_used_by_key(name))


_FOLLOWING: Mapping[str, Callable[[], None]] = MappingProxyType(
    {name: _following_note(name) for name in FOLLOWING_NOTES}
)


def _apply_preset() -> None:
    key = st.session_state.get("conv_preset")
    if isinstance(key, str) and key in PRESETS:
        keep_k = st.session_state.get(CONVENTION_KEYS["cutoff_k"])
        convention = PRESETS[key].convention
        if convention.cutoff_k is None and keep_k is not None:
            convention = convention.with_changes(cutoff_k=keep_k)
        set_picker(convention)
    st.session_state["conv_preset"] = None
    clear_errors()  # the app reruns (the picker is no fragment): any choice may have changed


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


def _sidebar_choices() -> None:
    """The picker's widgets and what they say of the convention. Its notes are fragments: a
    choice that changes the numbers alone reruns them with what the page said follows it
    (:func:`_after_choice`)."""
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
    _choice_radio("gain", on_change=_after_choice)
    _FOLLOWING["gain"]()
    _choice_radio("discount", on_change=_after_choice)
    st.number_input(
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
    _cutoff_input(on_change=_after_choice)
    _choice_radio("ideal", on_change=_after_choice)
    _used_by("ideal")
    with st.expander("Advanced: ties, empty ideal, negative grades"):
        _choice_select("ties")
        _choice_select("zero_ideal")
        _FOLLOWING["zero_ideal"]()
        _choice_select("negative_grades")
        _used_by("negative_grades")
    _summary()


@st.fragment(key=SUMMARY)
def _summary() -> None:
    """The convention the picker holds, and the presets it equals."""
    convention = current_convention()
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
