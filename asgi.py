"""nDCG Lab's server: ``streamlit run asgi.py`` (``make run``) serves app.py as ``streamlit run
app.py`` does, with one route of its own that sends files from memory: the live view's
library and the charts' templates (components/file_route.py). ``st.App`` is Streamlit's
public way to add a route."""

import streamlit as st

from components.file_route import file_routes

app = st.App("app.py", routes=file_routes())
