"""The shell's server (benchmarks/shell_app.py), started as the app's is (asgi.py): the same
imports, then the objects they made frozen out of the garbage collector's full passes. The
shell is the floor under the app's own costs, so it runs on the same start."""

import streamlit as st

from components.file_route import file_routes
from components.server_start import freeze_startup_objects

freeze_startup_objects()
app = st.App("shell_app.py", routes=file_routes())  # beside this file
