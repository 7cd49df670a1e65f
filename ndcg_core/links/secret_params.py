"""The link parameters that carry a secret: each has a name of its own.

A teacher key runs a class session and a student token answers for one student. Each lives
in the address bar of its own page and nowhere else: it is not part of the view that links,
saved views and exports are made from, and it is never drawn on a page. Its parameter name is
used by nothing else (the documents' titles are ``t``; the key once was too, and a teacher's
key then showed as a title on the projector and travelled in share links).
"""

from __future__ import annotations

from collections.abc import Mapping

TEACHER_KEY_PARAM = "teacher_key"
STUDENT_TOKEN_PARAM = "student_token"
SECRET_PARAMS = (TEACHER_KEY_PARAM, STUDENT_TOKEN_PARAM)


def split_secrets(params: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """``params`` as (the view's parameters, the secrets), so the view never holds a secret.

    >>> split_secrets({"g": "3, 2", "teacher_key": "k3y"})
    ({'g': '3, 2'}, {'teacher_key': 'k3y'})
    """
    view = {name: value for name, value in params.items() if name not in SECRET_PARAMS}
    secrets = {name: value for name, value in params.items() if name in SECRET_PARAMS}
    return view, secrets
