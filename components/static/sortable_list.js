// The drag list's browser side (components/sortable_list.py). That module puts before this file
// `Sortable` (the vendored SortableJS), chip_list.js (the chips' moves, shared with the live
// view) and `formatReal` (the number rule of ndcg_core.text.browser_format.js_format_function),
// so no metric rule or number format is written here.

const HELP = "Drag an item, or focus it and press Alt+Arrow keys, to change the ranking.";
const lists = new WeakMap();  // parentElement -> controller: this function runs on every rerun
const CLASSES = { item: "sl-item", text: "sl-text", ghost: "sl-ghost", chosen: "sl-chosen" };

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
  const ids = chipIds(ctl.list);
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

  chipSortable(ctl, CLASSES, (li, byKey) => {
    relabel(ctl);
    estimate(ctl);
    sendChipOrder(ctl);
    if (byKey) live.textContent = li.getAttribute("aria-label");
  }, render);
  return ctl;
}

function render(ctl, data) {
  if (ctl.dragging) { ctl.deferred = data; return; }
  const items = data.items;
  if (chipAnswerIsStale(ctl, items.map(([id]) => id))) return;
  ctl.numbers = data.sums || null;
  if (ctl.numbers) {
    delete ctl.sums.dataset.dcg;
    delete ctl.sums.dataset.ndcg;
  }
  showSums(ctl, ctl.numbers ? ctl.numbers.values : [], "server");
  const wanted = placeChips(ctl, items, CLASSES);
  // A window of a longer list: its chips count on from the window's first position.
  ctl.first = data.first;
  ctl.total = data.total;
  ctl.list.style.counterReset = `rank ${data.first}`;
  relabel(ctl);
  refocusChip(wanted);
}

export default function ({ data, parentElement, setTriggerValue }) {
  return mountChips(lists, parentElement, setTriggerValue, data, create, render);
}
