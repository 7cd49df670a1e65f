"""nDCG Lab: pages, the shared sidebar and the URL that mirrors every view."""

from components.app_shell import run_app
from components.navigation import PAGES

run_app(PAGES)
