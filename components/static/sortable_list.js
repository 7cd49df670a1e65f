// The drag list's browser side (components/sortable_list.py). That module puts two things
// before this file: `Sortable` (the vendored SortableJS) and `formatReal` (the number rule of
// ndcg_core.text.browser_format.js_format_function), so no metric rule or number format is written here.

const HELP = "Drag an item, or focus it and press Alt+Arrow keys, to change the ranking.";
const lists = new WeakMap();  // parentElement -> controller: this function runs on every rerun
let refocus = null;  // {id, until}: a keyboard move whose list was re-mounted by the rerun

function focusedIn(ctl) {
  // The chip with focus, if any. The list lives in a shadow root (the component isolates its
  // styles), where document.activeElement is only the root's host: ask the root itself.
  const active = ctl.list.getRootNode().activeElement;
  return active && ctl.list.contains(active) ? active : null;
}

function itemIds(list) {
  return Array.from(list.children, (li) => li.dataset.id);
}

function relabel(ctl) {
  const items = ctl.list.children;
  for (let i = 0; i < items.length; i += 1) {
    const text = items[i].firstChild.textContent;
    items[i].setAttribute("aria-label", `${text}, position ${ctl.first + i + 1} of ${ctl.total}`);
  }
}

function showSums(ctl, values, source) {
  // values: [DCG, nDCG] as text; the labels come from Python with each render.
  const sums = ctl.numbers;
  ctl.sums.hidden = !sums;
  if (!sums) return;
  if (ctl.sums.children.length !== sums.labels.length) {
    ctl.sums.replaceChildren(...sums.labels.map(() => {
      const part = document.createElement("span");
      part.className = "sl-sum";
      part.append(document.createElement("span"), " ", document.createElement("span"));
      part.lastChild.className = "sl-sum-value";
      return part;
    }));
  }
  sums.labels.forEach((label, i) => {
    const [name, value] = ctl.sums.children[i].children;
    if (name.textContent !== label) name.textContent = label;  // never HTML
    value.textContent = values[i];
  });
  ctl.sums.dataset.source = source;
}

function estimate(ctl) {
  // The new DCG and nDCG of the order on screen, before the server's answer.
  const sums = ctl.numbers;
  if (!sums) return;
  const live = sums.live;
  if (!live) {
    showSums(ctl, sums.labels.map(() => "updating…"), "waiting");
    return;
  }
  // The core's operations in the core's order (ndcg_core.metric.drop_numbers): each gain
  // divided by its discount, added from the top; the floats, and so the digits, are its own.
  const ids = itemIds(ctl.list);
  let dcg = live.before;
  for (let i = 0; i < ids.length; i += 1) {
    if (live.divisors[i] !== null) dcg += live.gains[ids[i]] / live.divisors[i];
  }
  for (const term of live.after) dcg += term;
  const ndcg = live.ideal_dcg === null ? live.fixed_ndcg : dcg / live.ideal_dcg;
  ctl.sums.dataset.dcg = String(dcg);
  ctl.sums.dataset.ndcg = String(ndcg);
  showSums(ctl, [formatReal(dcg), formatReal(ndcg)], "browser");
}

function create(parent) {
  const root = document.createElement("div");
  const sums = document.createElement("div");
  const list = document.createElement("ul");
  const live = document.createElement("div");
  list.className = "sl-list";
  list.setAttribute("role", "list");
  list.setAttribute("aria-label", HELP);
  live.className = "sl-live";
  live.setAttribute("aria-live", "polite");
  sums.className = "sl-sums";
  sums.hidden = true;
  root.append(sums, list, live);
  parent.append(root);
  const ctl = {
    root, sums, numbers: null, list, live, send: null, dragging: false, deferred: null, sent: [], first: 0, total: 0,
  };

  ctl.report = () => {
    const ids = itemIds(list);
    relabel(ctl);
    ctl.sent = [...ctl.sent.slice(-9), JSON.stringify(ids)];
    ctl.send("order", ids);
  };
  ctl.sortable = Sortable.create(list, {
    animation: 120,
    // A finger drags after a long press (a quarter second held still); a swipe across the
    // list scrolls the page, as it does everywhere else. A mouse drags at once.
    delay: 250,
    delayOnTouchOnly: true,
    touchStartThreshold: 6,
    // Touch and mouse events, not pointer events: a swipe that scrolls the page ends in a
    // pointercancel, which SortableJS (with the browser's own drag and drop, as in Chromium)
    // does not treat as the end of a press, so it stayed "pressed" and no later drag started.
    supportPointer: false,
    ghostClass: "sl-ghost",
    chosenClass: "sl-chosen",
    onStart: () => { ctl.dragging = true; },
    onUpdate: () => { ctl.deferred = null; estimate(ctl); ctl.report(); },
    onEnd: () => {
      ctl.dragging = false;
      if (ctl.deferred) { render(ctl, ctl.deferred); }
      ctl.deferred = null;
    },
  });
  list.addEventListener("keydown", (event) => {
    const li = event.target;
    if (li.parentNode !== list) return;
    const back = event.key === "ArrowUp" || event.key === "ArrowLeft";
    const forward = event.key === "ArrowDown" || event.key === "ArrowRight";
    if (!back && !forward) return;
    const neighbour = back ? li.previousElementSibling : li.nextElementSibling;
    event.preventDefault();
    if (!neighbour) return;
    if (!event.altKey) { neighbour.focus(); return; }
    // Move the neighbour, not the focused item, so focus never leaves it.
    if (back) { li.after(neighbour); } else { li.before(neighbour); }
    li.scrollIntoView({ block: "nearest", inline: "nearest" });
    refocus = { id: li.dataset.id, until: performance.now() + 5000 };
    estimate(ctl);
    ctl.report();
    live.textContent = li.getAttribute("aria-label");
  });
  return ctl;
}

function render(ctl, data) {
  if (ctl.dragging) { ctl.deferred = data; return; }
  const items = data.items;
  const ids = items.map(([id]) => id);
  const sent = ctl.sent.indexOf(JSON.stringify(ids));
  if (sent >= 0 && sent < ctl.sent.length - 1) {
    // An answer to an order already superseded. A rerun under way can swallow the event
    // that followed it, so send the newest order once more: a repeat is harmless.
    const latest = ctl.sent[ctl.sent.length - 1];
    if (ctl.resent !== latest) {
      ctl.resent = latest;
      ctl.send("order", JSON.parse(latest));
    }
    return;
  }
  ctl.sent = [];
  ctl.resent = null;
  ctl.numbers = data.sums || null;
  if (ctl.numbers) {
    delete ctl.sums.dataset.dcg;
    delete ctl.sums.dataset.ndcg;
  }
  showSums(ctl, ctl.numbers ? ctl.numbers.values : [], "server");
  const old = new Map(Array.from(ctl.list.children, (li) => [li.dataset.id, li]));
  const wanted = items.map(([id, text]) => {
    let li = old.get(id);
    if (!li) {
      li = document.createElement("li");
      li.className = "sl-item";
      li.tabIndex = 0;
      li.dataset.id = id;
      li.append(document.createElement("span"));
      li.firstChild.className = "sl-text";
    }
    if (li.firstChild.textContent !== text) li.firstChild.textContent = text;  // never HTML
    return li;
  });
  const current = ctl.list.children;
  if (wanted.length !== current.length || wanted.some((li, i) => current[i] !== li)) {
    // Moving a node out of the document blurs it: give focus back to the chip that had it,
    // so a server answer arriving between two Alt+Arrow presses never drops the reader's place.
    const focused = focusedIn(ctl);
    ctl.list.replaceChildren(...wanted);
    if (focused && wanted.includes(focused)) focused.focus({ preventScroll: true });
  }
  // A window of a longer list: its chips count on from the window's first position.
  ctl.first = data.first;
  ctl.total = data.total;
  ctl.list.style.counterReset = `rank ${data.first}`;
  relabel(ctl);
  // A re-mounted list (a new shadow root) leaves focus nowhere: on the page's body.
  const lost = !document.activeElement || document.activeElement === document.body;
  if (refocus && refocus.until > performance.now() && lost) {
    const li = wanted.find((item) => item.dataset.id === refocus.id);
    if (li) { li.focus(); refocus = null; }
  }
}

export default function ({ data, parentElement, setTriggerValue }) {
  let ctl = lists.get(parentElement);
  if (!ctl) {
    ctl = create(parentElement);
    lists.set(parentElement, ctl);
  }
  ctl.send = setTriggerValue;
  render(ctl, data);
  return () => {
    // Only the last call's cleanup runs, and only once the element has left the page.
    if (ctl.root.isConnected) return;
    ctl.sortable.destroy();
    lists.delete(parentElement);
  };
}
