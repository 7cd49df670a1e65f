"""Hostile links: the parameters a session may start from, and what the page then shows."""

from __future__ import annotations

from tests.hostile.case import DEFAULT_LIST, IMG, IMG_LABEL, SCRIPT, Case, big

URL = [
    # the list and the judged grades
    Case("url", {"g": "x"}, "Its list could not be read"),
    Case("url", {"g": "3, nan"}, "a grade must be a finite number"),
    Case("url", {"g": "1e309"}, "too large"),
    Case("url", {"g": "٣,٢"}, view=("٣,٢", {})),
    Case("url", {"g": SCRIPT}, "is not a number"),
    Case("url", {"g": "a\x00=1"}, "invisible control character"),
    Case("url", {"g": "\u202eevil=1"}, "invisible control character"),
    Case("url", {"g": big("100,000 items", lambda: ",".join(["1"] * 100_000))}, "at most 10,000"),
    Case("url", {"g": big("400,000 characters", lambda: "1 " * 200_000)}, "at most 10,000"),
    Case("url", {"g": "שלום=3, 1"}, view=("שלום=3, 1", {})),
    Case("url", {"g": f"{IMG_LABEL}=2, 1"}, view=(f"{IMG_LABEL}=2, 1", {})),
    Case("url", {"g": "-0"}, view=("-0", {})),
    Case("url", {"g": ""}),  # empty: the seed example
    Case("url", {"ideal": "judged", "u": "x"}, "judged-but-not-retrieved grades could not be read"),
    Case("url", {"ideal": "judged", "u": "nan"}, "finite number"),
    Case(
        "url",
        {"ideal": "judged", "u": "3, 3"},
        view=(DEFAULT_LIST, {"ideal": "judged", "u": "3, 3"}),
    ),
    # settings of the wrong type or out of range
    Case("url", {"k": "-5"}, "cutoff k must be a whole number"),
    Case("url", {"k": "0"}, "at least 1"),
    Case("url", {"k": "1.5"}, "cutoff k must be a whole number"),
    Case("url", {"k": "٣"}, "cutoff k must be a whole number"),
    Case("url", {"k": "1e3"}, "cutoff k must be a whole number"),
    Case("url", {"k": "abc"}, "cutoff k must be a whole number"),
    Case("url", {"k": "99999999999999999999"}, "above the sidebar's 100,000"),
    Case("url", {"k": "1" * 41}, "value is too long"),
    Case("url", {"k": "3"}, view=(DEFAULT_LIST, {"k": "3"})),
    Case("url", {"base": "0.5"}, "greater than 1"),
    Case("url", {"base": "-0"}, "greater than 1"),
    Case("url", {"base": "nan"}, "finite number greater than 1"),
    Case("url", {"base": "inf"}, "finite number greater than 1"),
    Case("url", {"base": "1e309"}, "finite number greater than 1"),
    Case("url", {"base": "true"}, "log base must be a number"),
    Case("url", {"base": "5000"}, "outside the sidebar's 1.01 to 1000"),
    Case("url", {"base": "e"}, view=(DEFAULT_LIST, {"base": "e"})),
    Case("url", {"gain": "cubic"}, "is not one of linear, exponential"),
    Case("url", {"gain": IMG}, "is not one of"),
    Case("url", {"gain": "1"}, "is not one of"),
    Case("url", {"disc": "x"}, "is not one of"),
    Case("url", {"ideal": "x"}, "is not one of"),
    Case("url", {"ties": "x"}, "is not one of"),
    Case("url", {"zero": "x"}, "is not one of"),
    Case("url", {"neg": "x"}, "is not one of"),
    # view mode and exercise sets
    Case("url", {"mode": "<b>x</b>"}, "view mode"),
    Case("url", {"mode": "x" * 10_000}, "view mode"),
    Case("url", {"seed": "x"}, "exercise set"),
    Case("url", {"seed": "-1"}, "exercise set"),
    Case("url", {"seed": "1" * 10}, "exercise set"),
    Case("url", {"level": "impossible"}, "exercise set could not be read"),
    # repeated parameters, unknown ones, and more than Streamlit reads
    Case("url", {"g": ["3, 2", "1, 0, 2"]}, "more than once", view=("1, 0, 2", {})),
    Case("url", {"k": ["x", "2"]}, "more than once", view=(DEFAULT_LIST, {"k": "2"})),
    Case("url", {"k": ["2", "x"]}, "cutoff k must be a whole number"),
    Case(
        "url",
        {"gain": ["exponential"] * 50},
        "more than once",
        view=(DEFAULT_LIST, {"gain": "exponential"}),
    ),
    Case("url", {"foo": "bar", "<script>": SCRIPT}),  # unknown parameters are ignored
    # Over 512 Ki characters or 1,000 parameters, Streamlit itself drops the whole query
    # string (and logs a warning): the app never sees it and shows the seed example.
    Case("url", {"g": big("600,000 characters", lambda: "1," * 300_000)}),
    Case("url", big("1,001 parameters", lambda: {f"p{i}": "1" for i in range(1_001)})),
]
