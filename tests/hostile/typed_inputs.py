"""Hostile input typed on the Playground: the grade box, the table editor, the
judged-but-not-retrieved grades and the Several queries text area."""

from __future__ import annotations

from tests.hostile.case import CSV_INJECTION, IMG, IMG_LABEL, MB, SCRIPT, Case, big

TEXT = [
    # empty and whitespace
    Case("text", "", "Enter at least one grade"),
    Case("text", "   ", "Enter at least one grade"),
    Case("text", "\t\n\r\n", "Enter at least one grade"),
    Case("text", ",,, ;;;", "Enter at least one grade"),
    Case("text", "\u3000\u00a0\u2003", "Enter at least one grade"),
    # digits that are not ASCII, and other look-alikes
    Case("text", "٣, ٢, ١"),  # digits of any script are read as the digits they are
    Case("text", "٣، ٢، ١"),  # with the Arabic comma
    Case("text", "३ २"),
    Case("text", "1, ３"),
    Case("text", "３，２．５"),  # full-width digits, comma and point
    Case("text", "𝟛"),
    Case("text", "3²", "Item 1 (“3²”) is not a number"),  # a superscript is not a digit
    Case("text", "٣,,٢", "Item 2 is empty"),
    Case("text", "1, ½", "Item 2 (“½”) is not a number"),
    Case("text", "Ⅳ", "is not a number"),
    Case("text", "0x10", "is not a number"),
    Case("text", "1_000", "is not a number"),
    Case("text", "1.2.3", "is not a number"),
    Case("text", "--1", "is not a number"),
    Case("text", "+-1", "is not a number"),
    Case("text", "—1", "is not a number"),  # an em dash is not read as a minus
    Case("text", "3, 2, banana", "Item 3 (“banana”) is not a number"),
    # overflow and non-finite numbers
    Case("text", "1e309", "too large; a grade must be a finite number"),
    Case("text", "2, -1e309", "too large"),
    Case("text", "1e999999999", "too large"),
    Case("text", "9" * 400, "too large"),
    # underflow: a non-zero number nearer 0 than any float is refused, not read as 0
    Case("text", "3, 1e-400", "Item 2 (“1e-400”) is too small to tell from 0"),
    Case("text", "D1=-2e-999", "too small to tell from 0"),
    Case("text", "0e-999, 5e-324"),  # a zero written small, and the smallest float
    Case("text", "nan", "a grade must be a finite number"),
    Case("text", "1, NaN", "Item 2 is “NaN”"),
    Case("text", "inf", "a grade must be a finite number"),
    Case("text", "-inf, 1", "a grade must be a finite number"),
    Case("text", "+Infinity", "a grade must be a finite number"),
    Case("text", "D1=nan", "a grade must be a finite number"),
    # signs and zeros that are fine
    Case("text", "-0"),
    Case("text", "-0, -0.0, +0, 0e5"),
    Case("text", "\u22121, 2, \u22120.5"),  # typographic minus signs
    Case("text", "\u20131, 2"),  # an en dash, as pasted from a word processor
    Case("text", "4.9e-324, 0.1"),  # a subnormal is read (1e-400, which would be 0, is not)
    Case("text", "1e308, 1e308, 0"),  # sums past float64: the exact path
    Case("text", "  3 ,  2  ;1\n0\r\n2 "),
    Case("text", "3, 2, 1, "),
    # labels that are markup, formulas, or script
    Case("text", f"{SCRIPT}=1, 2"),
    Case("text", f"{IMG}=3, D2=1", "has more than one = or :"),  # its own = marks
    Case("text", f"{IMG_LABEL}=3, D2=1"),
    Case("text", "<b>bold</b>=2, <i>x</i>=1"),
    Case("text", "**bold**=3, _it_=2, `code`=1"),
    Case("text", "[x](javascript:alert(1))=1, 0", "has more than one = or :"),
    Case("text", "[x](javascript alert(1))=1, 0"),
    Case("text", "$x^2$=2, # heading=1"),
    Case("text", "<!-- c -->=1, <style>*{}</style>=2"),
    Case("text", "@SUM(A1)=1, +cmd=2, -cmd=3"),
    Case("text", '=HYPERLINK("http://x")=1, 2', "has more than one = or :"),
    Case("text", f"{CSV_INJECTION}", "has an empty label"),  # '=' first: no label before it
    Case("text", "=1+1", "has an empty label"),
    Case("text", "&lt;b&gt;=1", "is not a number"),  # ';' separates items
    Case("text", "a=b=1, c:d=2", "Item 1 (“a=b=1”) has more than one = or :"),
    Case("text", "D1==3", "has more than one = or :"),
    Case("text", "3,,2", "Item 2 is empty"),
    Case("text", "3, 2\n, 1", "Item 3 is empty"),
    # right-to-left text, emoji, invisible and control characters
    Case("text", "שלום=3, עולם=1, 2"),
    Case("text", "مرحبا=2, عالم=0"),
    Case("text", "emoji 🎉=1, 👨\u200d👩\u200d👧=2"),
    Case("text", "e\u0301=1, é=2"),  # the same letter, decomposed and composed
    Case("text", "a\u200bb=1"),  # a zero-width space is shown, not refused
    Case("text", "\u202eevil=1", "invisible control character (U+202E"),
    Case("text", "a\u2066b=1, 2", "invisible control character (U+2066"),
    Case("text", "a\x00b=1", "invisible control character (U+0000"),
    Case("text", "a\x1b[31mb=1", "invisible control character (U+001B"),
    Case("text", "a\x7fb=1", "invisible control character (U+007F"),
    Case("text", "\x00", "Item 1 contains an invisible character (U+0000 NULL)"),
    Case("text", "1\x07", "Item 1 contains an invisible character (U+0007 CONTROL CHARACTER)"),
    Case("text", "3\u200b, 2", "Item 1 contains an invisible character (U+200B ZERO WIDTH SPACE)"),
    Case("text", "\u202e3, 2, 1", "invisible character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    Case("text", "3, 2\u2066", "Item 2 contains an invisible character (U+2066 LEFT-TO-RIGHT"),
    # labels that break the list's own rules
    Case("text", "D1=3, D1=2", "same label “D1”"),
    Case("text", "x" * 41 + "=1", "label is 41 characters; at most 40"),
    Case("text", ":1", "has an empty label"),
    Case("text", "a:", "has a label but no grade"),
    # huge pastes
    Case("text", big("100,000 items", lambda: ", ".join(["1"] * 100_000)), "at most 10,000"),
    Case("text", big("10,001 items", lambda: " ".join(["2"] * 10_001)), "at most 10,000"),
    Case("text", big("10 MB of grades", lambda: "1, " * (10 * MB // 3)), "at most 1,000,000"),
    Case("text", big("10 MB without a separator", lambda: "7" * (10 * MB)), "at most 1,000,000"),
    Case("text", big("1,000,001 spaces", lambda: " " * 1_000_001), "at most 1,000,000"),
    Case("text", big("one 100,000-digit number", lambda: "9" * 100_000), "too large"),
    Case(
        "text",
        big("10,000 labelled items", lambda: ", ".join(f"<b>{i}</b>=1" for i in range(10_000))),
    ),
]

TABLE = [
    # (The editor requires a grade in every row it sends, so a row without one is a second row.)
    Case("table", [], "The table is empty"),
    Case("table", [("a", 1), (None, None)], "Row 2 has no grade"),
    Case("table", [("D1", 1), ("D1", 2)], "same label “D1”"),
    Case("table", [("a,b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a;b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a\nb", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a=b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a:b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [(CSV_INJECTION, 1)], "labels cannot contain , ; = or :"),
    Case("table", [("x" * 41, 1)], "at most 40"),
    Case("table", [("\u202eabc", 1)], "invisible control character (U+202E"),
    Case("table", [("a\x00", 1)], "invisible control character (U+0000"),
    Case(
        "table",
        big("100,000 rows", lambda: [(f"r{i}", 1) for i in range(100_000)]),
        "100,000 new rows at once is more than the table takes (1,000)",
    ),
    Case("table", big("1,001 rows", lambda: [(None, i % 4) for i in range(1_001)]), "(1,000)"),
    Case("table", big("1,000 rows", lambda: [(f"<i>{i}</i>", i % 4) for i in range(1_000)])),
    Case("table", [(SCRIPT, 3), ("+cmd|' /C calc'!A0", 1)]),
    Case("table", [(IMG_LABEL, 2), ("**b**", 1), ("", 0)]),
    Case("table", [("@SUM(A1)", 1), ("+1", 2), ("-1", 3), ("+1+1", 0)]),
    Case("table", [("שלום", 2), ("مرحبا", 1)]),
    Case("table", [(None, 1e308), (None, -1e308), (None, 5e-324)]),
    Case("table", [("a", -0.0), ("  padded  ", 1)]),
]

UNRETRIEVED = [
    Case("unretrieved", "x", "Item 1 (“x”) is not a number"),
    Case("unretrieved", "3, nan", "a grade must be a finite number"),
    Case("unretrieved", "1e309", "too large"),
    Case("unretrieved", "1e-400", "too small to tell from 0"),
    Case("unretrieved", "٣"),
    Case("unretrieved", "<b>1</b>", "is not a number"),
    Case("unretrieved", "a\u202e=1", "invisible control character"),
    Case("unretrieved", big("100,000 grades", lambda: "3 " * 100_000), "at most 10,000"),
    Case("unretrieved", big("10 MB paste", lambda: "3, " * (10 * MB // 3)), "at most 1,000,000"),
    Case("unretrieved", "3, 3"),
    Case("unretrieved", "-0, \u22121"),
    Case("unretrieved", f"{SCRIPT}=3"),
    Case("unretrieved", "   "),  # empty: every judged document is in the list
    Case("unretrieved", ""),
]

QUERIES = [
    Case("queries", "", "Enter at least one query"),
    Case("queries", "\n \n\t\n", "Enter at least one query"),
    Case("queries", "|", "Line 1 (“q1”): Enter at least one grade"),
    Case("queries", "a: x", "Line 1 (“a”): Item 1 (“x”) is not a number"),
    Case("queries", "a: 1\na: 2", "the query name “a” is used twice"),
    Case("queries", "q: nan", "a grade must be a finite number"),
    Case("queries", "q: 1e309", "too large"),
    Case("queries", "q: 1, 1e-400", "too small to tell from 0"),
    Case("queries", "q: ٣, 1"),
    Case("queries", "q: 1 | x", "Line 1 (“q”): Item 1 (“x”) is not a number"),
    Case("queries", "q: \u202ea=1", "invisible control character"),
    Case("queries", "q: ", "Line 1 (“q”): Enter at least one grade"),
    Case(
        "queries",
        big("201 queries", lambda: "".join(f"q{i}: 1\n" for i in range(201))),
        "at most 200",
    ),
    Case("queries", big("100,000 lines", lambda: "1\n" * 100_000), "at most 200"),
    Case(
        "queries",
        big("a query of 100,000 grades", lambda: "q: " + "1 " * 100_000),
        "at most 10,000",
    ),
    Case(
        "queries",
        big("10 MB on one line", lambda: "q: " + "2, " * (10 * MB // 3)),
        "at most 1,000,000",
    ),
    Case("queries", f"{SCRIPT}: 1, 0\n{IMG}: 2"),
    Case("queries", "**bold**: 3\n_it_: 1\n`c`: 2"),
    Case("queries", "[x](http://e.com): 1"),
    Case("queries", f"{CSV_INJECTION}: 1", "has an empty label"),  # its '|' starts judged grades
    Case("queries", '=HYPERLINK("x"): 1\n@SUM(A1): 2\n+1: 0\n-1: 1'),
    Case("queries", "שאילתה: 3, 1\nاستعلام: 0, 2"),
    Case(
        "queries",
        "q\x00: 1\nq\x1b: 2",
        "the query name contains an invisible control character (U+0000 NULL)",
    ),
    Case("queries", "\u202eq: 1", "invisible control character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    Case("queries", "-0: -0, \u22121"),
    Case("queries", "q1: 1 | 3, 3\nq2: 0 |"),
    Case("queries", "x" * 1_000 + ": 1", "the query name is 1,000 characters"),
    Case("queries", "x" * 40 + ": 1"),
    Case("queries", "1, 2\n3, 0"),
]
