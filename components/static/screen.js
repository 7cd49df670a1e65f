// The page's content width and the window's width, reported to Python when they differ from
// what it draws for (each report is a rerun), and kept in a cookie so the next session starts
// right. Also: on a phone, choosing a page in the sidebar closes the sidebar, which would
// otherwise cover the page just opened. And where the page asked for it (data.library), it
// loads the live view's library (loadLibrary, library_loader.js, goes before this script).
const PHONE = "(max-width: 767.98px)";  // below this Streamlit's sidebar covers the page
const STEP = 8;  // widths are rounded down to this: a scrollbar's come and go is no change
// A report waits until the person has not pressed, tapped or typed for this long: its rerun
// could otherwise land in the middle of the run their action started and cut it short (a
// phone's Join tap was lost that way once in CI, and 10,000 grades typed on a phone).
const QUIET_MS = 1200;
let lastAction = -Infinity;  // when this page last saw a press, a tap or a key

function measure() {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  if (!main) return null;
  const style = getComputedStyle(main);
  const content = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const round = (value) => Math.max(0, Math.floor(value / STEP) * STEP);
  return { content: round(content), viewport: round(window.innerWidth) };
}

function closeSidebarOnPhone(event) {
  if (!window.matchMedia(PHONE).matches) return;
  if (!event.target.closest || !event.target.closest('[data-testid="stSidebarNav"] a')) return;
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (close) setTimeout(() => close.click(), 0);
}

// A table wider than the screen scrolls sideways inside its box: the box then takes the
// keyboard's focus (arrow keys scroll it; axe's scrollable-region-focusable) and shows a shadow
// at its right edge, the cue that there is more.
function markScrollingTables() {
  for (const box of document.querySelectorAll(".stTable > div")) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", "Table: scroll sideways for more columns");
      box.classList.add("ndcg-lab-scrolls");
    } else if (!scrolls && box.classList.contains("ndcg-lab-scrolls")) {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
      box.classList.remove("ndcg-lab-scrolls");
    }
  }
}

const watchers = new WeakMap();  // parentElement -> its one watcher: this runs every rerun

export default function ({ data, parentElement, setStateValue }) {
  if (data.library) loadLibrary(data.library);  // once per page, however often asked
  if (!window.__ndcgLabSidebarCloser) {  // one listener per page, however often this runs
    window.__ndcgLabSidebarCloser = true;
    document.addEventListener("click", closeSidebarOnPhone, true);
    const acted = () => { lastAction = performance.now(); };
    for (const kind of ["pointerdown", "touchstart", "keydown", "input"]) {
      document.addEventListener(kind, acted, { capture: true, passive: true });
    }
    let pending = null;
    new MutationObserver(() => {
      clearTimeout(pending);
      pending = setTimeout(markScrollingTables, 50);
    }).observe(document.body, { childList: true, subtree: true });
    // and once a second: a table can widen with no change to the page's elements (a font
    // arriving), and a few tables take microseconds to look at
    setInterval(markScrollingTables, 1000);
  }
  let watcher = watchers.get(parentElement);
  if (watcher) {  // a rerun: the same watcher, told what Python now knows
    watcher.data = data;
    watcher.send = setStateValue;
    return () => {};
  }
  watcher = { data, send: setStateValue, timer: null };
  watchers.set(parentElement, watcher);
  const report = () => {
    const size = measure();
    if (!size || size.content === 0) return;
    const { data: now } = watcher;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie =
      `${now.cookie}=${size.content}x${size.viewport}; Path=/; Max-Age=31536000; SameSite=Strict${secure}`;
    const known = now.known;
    // A scrollbar coming or going (15 px) is no change: Python leaves room for one, and each
    // report is a rerun of the whole page.
    // Two phone widths (columns under each other in both) differ only in the content's width.
    const bothStacked = known && known[1] <= now.stacks_below && size.viewport <= now.stacks_below;
    const same = known && Math.abs(known[0] - size.content) < now.slack
      && (known[1] === size.viewport || bothStacked);
    const fits = !known && size.viewport > now.stacks_below
      && size.content >= now.fits[0] && size.content <= now.fits[1];
    if (!same && !fits) {
      watcher.data = { ...now, known: [size.content, size.viewport] };  // asked once
      watcher.send("size", [size.content, size.viewport]);
    }
  };
  // Report once the page has finished its run: a rerun asked for while the page is still
  // arriving emptied the presenter view's grade box (a text area mounted mid-run).
  // Nor while a person is typing: a rerun then would drop what they have not yet applied.
  const typing = () => {
    const active = document.activeElement;
    return Boolean(active && active.matches && active.matches("textarea, input"));
  };
  // Asked again just before sending, not only 300 ms earlier: a tap in between is the race.
  const busy = (waited) => {
    const running = document.querySelector('[data-testid="stStatusWidget"]');
    return (running && waited < 5000) || typing() || performance.now() - lastAction < QUIET_MS;
  };
  const whenIdle = (then, waited = 0) => {
    if (busy(waited)) {
      setTimeout(() => whenIdle(then, waited + 200), 200);
      return;
    }
    setTimeout(() => (busy(waited) ? whenIdle(then, waited + 300) : then()), 300);
  };
  whenIdle(report);
  const observer = new ResizeObserver(() => {
    clearTimeout(watcher.timer);
    watcher.timer = setTimeout(() => whenIdle(report), 250);
  });
  observer.observe(document.querySelector('[data-testid="stMainBlockContainer"]') || parentElement);
  return () => {
    if (parentElement.isConnected) return;  // only once the element has left the page
    clearTimeout(watcher.timer);
    observer.disconnect();
    watchers.delete(parentElement);
  };
}
