"""nDCG Lab's server: ``streamlit run asgi.py`` (``make run``) serves app.py as ``streamlit run
app.py`` does, with one route of its own that sends files from memory: the live view's
library and the charts' templates (components/file_route.py). ``st.App`` is Streamlit's
public way to add a route. What it has imported by then is frozen out of the garbage
collector's full passes (components/server_start.py)."""

import streamlit as st

from components.file_route import file_routes
from components.server_start import freeze_startup_objects

freeze_startup_objects()
app = st.App("app.py", routes=file_routes())
