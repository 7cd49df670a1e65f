"""Copy a link to the view on screen: an inline ``st.components.v2`` component (no iframe).

The app mirrors every view into the URL at the end of each run, so the link is read from
the browser's address at the moment of the click, never from a stale server-side copy.
Three links: the view as it is, the same in presenter mode, and as an embeddable view.
Where the clipboard API is missing (plain http off localhost), the link is selected in
its box so Ctrl+C copies it.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.links.secret_params import SECRET_PARAMS

_HTML = """
<div class="sh-root">
  <label class="sh-label" for="sh-url">Link to this view</label>
  <input class="sh-url" id="sh-url" type="text" readonly spellcheck="false">
  <div class="sh-buttons">
    <button type="button" data-mode="">Copy link</button>
    <button type="button" data-mode="present">Copy presenter link</button>
    <button type="button" data-mode="embed">Copy embed link</button>
  </div>
  <div class="sh-status" role="status" aria-live="polite"></div>
</div>
"""

_CSS = """
.sh-root { display: flex; flex-direction: column; gap: 0.5rem;
  font-family: var(--st-font, sans-serif); color: var(--st-text-color, inherit); }
.sh-label { font-size: 0.875rem; }
.sh-url { width: 100%; box-sizing: border-box; padding: 0.4rem 0.5rem;
  font-family: var(--st-code-font, monospace); font-size: 0.8rem;
  color: var(--st-text-color, inherit);
  background: var(--st-secondary-background-color, transparent);
  border: 1px solid var(--st-border-color, rgba(128, 128, 128, 0.4));
  border-radius: var(--st-base-radius, 0.5rem); }
.sh-buttons { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.sh-buttons button { font: inherit; font-size: 0.875rem; cursor: pointer;
  padding: 0.3rem 0.7rem; color: var(--st-text-color, inherit);
  background: var(--st-background-color, transparent);
  border: 1px solid var(--st-border-color, rgba(128, 128, 128, 0.4));
  border-radius: var(--st-base-radius, 0.5rem); }
.sh-buttons button:hover { border-color: var(--st-primary-color, #0072b2);
  color: var(--st-primary-color, #0072b2); }
.sh-buttons button:focus-visible, .sh-url:focus-visible {
  outline: 3px solid var(--st-primary-color, #0072b2); outline-offset: 2px; }
.sh-status { font-size: 0.8rem; min-height: 1.2em; }
"""

_JS = """
function linkFor(mode, secrets) {
  const url = new URL(window.location.href);
  url.hash = "";
  // Defence in depth: no page that offers this menu keeps a secret in its address.
  for (const name of secrets || []) url.searchParams.delete(name);
  url.searchParams.delete("mode");
  url.searchParams.delete("embed");
  if (mode) url.searchParams.set("mode", mode);
  if (mode === "embed") url.searchParams.set("embed", "true");  // Streamlit's own: no toolbar
  return url.toString();
}

async function copy(root, mode, secrets) {
  const box = root.querySelector(".sh-url");
  const status = root.querySelector(".sh-status");
  box.value = linkFor(mode, secrets);
  try {
    await navigator.clipboard.writeText(box.value);
    status.textContent = "Copied to the clipboard.";
  } catch (error) {
    box.focus();
    box.select();
    status.textContent = "Selected: press Ctrl+C (or Cmd+C) to copy.";
  }
}

export default function ({ parentElement, data }) {
  const secrets = (data && data.secrets) || [];
  const root = parentElement.querySelector(".sh-root");
  root.querySelector(".sh-url").value = linkFor("", secrets);
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  // Opened in a popover, which keyboard focus does not enter by itself: bring it in.
  requestAnimationFrame(() => { const box = root.querySelector(".sh-url"); box.focus(); box.select(); });
  for (const button of root.querySelectorAll("button")) {
    button.addEventListener("click", () => copy(root, button.dataset.mode, secrets));
  }
  root.querySelector(".sh-url").addEventListener("focus", (event) => {
    if (!event.target.value) event.target.value = linkFor("", secrets);
  });
}
"""

_COMPONENT = st.components.v2.component("ndcg_lab_share_link", html=_HTML, css=_CSS, js=_JS)


def share_link(*, key: str) -> None:
    """The link box and its three copy buttons."""
    _COMPONENT(key=key, data={"secrets": list(SECRET_PARAMS)})
