"""Every link the app makes fits one limit, counted over the whole link, percent-encoded."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ndcg_core.links.length import MAX_QUERY_CHARS, fit_link, left_out_note, query_length

names = st.sampled_from(["g", "u", "q", "k", "gain", "seed", "fix1"])
values = st.text(max_size=4_000) | st.text(alphabet="0123456789, .=", max_size=9_000)


@given(st.dictionaries(names, values, max_size=7), st.sets(st.sampled_from(["g", "u", "q"])))
def test_a_fitted_link_fits_whenever_its_required_part_does(params, optional) -> None:
    kept, dropped = fit_link(params, optional)
    required = {name: value for name, value in params.items() if name not in optional}
    assert set(required) <= set(kept)  # only optional parameters are ever left out
    assert set(dropped) <= set(optional)
    assert {**kept, **{name: params[name] for name in dropped}} == params
    if query_length(required) <= MAX_QUERY_CHARS:
        assert query_length(kept) <= MAX_QUERY_CHARS
    if query_length(params) <= MAX_QUERY_CHARS:
        assert dropped == ()


def test_the_limit_counts_the_whole_link_not_each_part() -> None:
    part = "1, " * 1_300  # 3,900 characters: each part alone under 4,000, as the old rule let by
    params = {"g": part, "u": part, "q": part}
    assert query_length(params) > MAX_QUERY_CHARS
    kept, dropped = fit_link(params, {"g", "u", "q"})
    assert query_length(kept) <= MAX_QUERY_CHARS
    assert dropped


def test_non_ascii_counts_as_the_browser_sends_it() -> None:
    # 'ü' travels as %C3%BC: six characters, not one.
    assert query_length({"q": "ü"}) == len("q=%C3%BC")


def test_the_share_menu_names_what_a_link_leaves_out() -> None:
    note = left_out_note(["q", "g"])
    assert "the queries" in note
    assert "the list of grades" in note
    assert "saved view" in note
