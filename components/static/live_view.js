// The Playground's list, number cards, charts and per-position table (components/live_view.py).
// components/browser_library.py puts before this file Vega and Vega-Lite, `Sortable` (the
// vendored SortableJS), chip_list.js (the chips' moves, shared with the drag list), the repaint
// (components/view_repaint.py: repaintView, formatViewNumber) and the charts
// (components/view_charts.py: viewChartRows, drawViewCharts, updateViewCharts), so no metric
// rule or number format is written here, live_keys.js (the reordering buttons), and this
// view's table (live_table.js) and charts (live_charts.js).
// Every text goes in as textContent: never HTML.

const views = new WeakMap();  // parentElement -> controller: this function runs on every rerun
const CLASSES = { item: "lv-item", text: "lv-text", ghost: "lv-ghost", chosen: "lv-chosen" };

function make(tag, className) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  return element;
}

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function relabel(ctl) {
  const items = ctl.list.children;
  for (let i = 0; i < items.length; i += 1) {
    const text = items[i].firstChild.textContent;
    items[i].setAttribute("aria-label", `${text}, position ${i + 1} of ${items.length}`);
  }
}

function showCards(ctl, values) {
  // Each card: its label and a button that shows or hides what the number means (a keyboard
  // reaches it, as it does Streamlit's own help), the value, then that text (hidden at first).
  const cards = ctl.data.cards;
  if (ctl.cards.children.length !== cards.length) {
    ctl.cards.replaceChildren(...cards.map((_, i) => {
      const card = make("div", "lv-card");
      const head = make("div", "lv-card-head");
      const about = make("button", "lv-card-about");
      about.type = "button";
      about.textContent = "?";
      about.setAttribute("aria-expanded", "false");
      const help = make("p", "lv-card-help");
      help.id = `lv-card-help-${i}`;
      help.hidden = true;
      about.setAttribute("aria-controls", help.id);
      about.addEventListener("click", () => {
        help.hidden = !help.hidden;
        about.setAttribute("aria-expanded", String(!help.hidden));
      });
      head.append(make("div", "lv-card-label"), about);
      card.append(head, make("div", "lv-card-value"), help);
      return card;
    }));
  }
  cards.forEach((card, i) => {
    const element = ctl.cards.children[i];
    setText(element.querySelector(".lv-card-label"), card.label);
    element.querySelector(".lv-card-about").setAttribute("aria-label", `What ${card.label} means`);
    setText(element.querySelector(".lv-card-help"), card.help);
    element.dataset.key = card.key;
    setText(element.querySelector(".lv-card-value"), values[i]);
  });
}

function repaint(ctl) {
  // Cards and table for the order on screen, before the server's answer: the core's numbers
  // redone from the payload (repaintView), printed by the core's rule.
  const data = ctl.data;
  const numbers = data.numbers;
  if (!numbers) {
    ctl.root.dataset.source = "waiting";
    ctl.status.hidden = false;
    setText(ctl.status, data.words.waiting);
    return null;
  }
  const ids = chipIds(ctl.list);
  const view = repaintView(numbers, ids);
  const print = (value) => formatViewNumber(value, numbers.format);
  const values = data.cards.map((card) => print(view.cards[card.key]));
  showCards(ctl, values);
  showTable(ctl, pageCells(ctl, view));
  if (data.chart) repaintCharts(ctl, numbers, view, ids);
  ctl.root.dataset.source = "browser";
  return values;
}

function announce(ctl, li) {
  // The moved document's place and the new nDCG, for a screen reader (aria-live polite).
  // (or the last card's, where the view shows no nDCG card).
  const cards = ctl.data.cards;
  const found = cards.findIndex((card) => card.key === "ndcg");
  const ndcg = found < 0 ? cards.length - 1 : found;
  const value = ndcg < 0 ? "" : ctl.cards.children[ndcg].querySelector(".lv-card-value").textContent;
  const place = li ? `${li.getAttribute("aria-label")}. ` : "";
  ctl.live.textContent = ctl.data.numbers && ndcg >= 0
    ? `${place}${cards[ndcg].label} is now ${value}.`
    : `${place}${ctl.data.words.waiting}`;
}

function shareOrder(ctl) {
  // A named view tells the page the order it shows (compare_view.js: compare mode's chart;
  // grade_box.js: the box, with the list's words).
  if (ctl.data && ctl.data.name) {
    announceOrder(ctl.data.name, chipIds(ctl.list), ctl.data.list_words);
  }
}

function preview(ctl) {
  // The order under the pointer while a drag goes on: the cards, table and charts follow it,
  // once a frame (nothing is sent or announced before the drop), so that a drop finds them
  // drawn. Back in the server's order, they show the server's numbers for it.
  if (!ctl.data || !ctl.data.numbers || ctl.previewing) return;
  ctl.previewing = true;
  requestAnimationFrame(() => {
    ctl.previewing = false;
    if (!ctl.dragging) return;  // dropped meanwhile: the drop repainted
    repaint(ctl);
    const shown = JSON.stringify(chipIds(ctl.list));
    const served = JSON.stringify(ctl.data.items.map(([id]) => id));
    if (shown === served) ctl.root.dataset.source = "server";
  });
}

function moved(ctl, li) {
  relabel(ctl);
  repaint(ctl);
  announce(ctl, li);
  shareOrder(ctl);
  // The order goes to the server once this frame is painted: Streamlit's own work on a
  // trigger (a rerun request, its status) then never delays the numbers the person sees.
  requestAnimationFrame(() => setTimeout(() => {
    const latest = JSON.stringify(chipIds(ctl.list));
    if (ctl.sent[ctl.sent.length - 1] !== latest) sendChipOrder(ctl);
  }));
}

function create(parent) {
  const root = make("div", "lv");
  const top = make("div", "lv-top");
  const listBox = make("div", "lv-list-box");
  const help = make("p", "lv-help");
  const list = make("ul", "lv-list");
  list.setAttribute("role", "list");
  const results = make("div", "lv-results");
  const cards = make("div", "lv-cards");
  cards.setAttribute("role", "group");
  const chartBox = make("div", "lv-charts");
  const chartNote = make("p", "lv-chart-note");
  results.append(cards, chartBox, chartNote);
  const status = make("p", "lv-status");
  status.hidden = true;
  const live = make("div", "lv-live");
  live.setAttribute("aria-live", "polite");
  const tableBox = make("div", "lv-table-box");
  tableBox.tabIndex = 0;  // a wide table scrolls sideways: the keyboard can scroll it
  tableBox.setAttribute("role", "region");
  const table = make("table", "lv-table");
  const caption = make("caption");
  const thead = make("thead");
  const tbody = make("tbody");
  table.append(caption, thead, tbody);
  tableBox.append(table);
  const pager = make("div", "lv-pager");
  const previous = make("button", "lv-page-button");
  previous.type = "button";
  const next = make("button", "lv-page-button");
  next.type = "button";
  const pageLabel = make("label", "lv-page-label");
  const pageInput = make("input", "lv-page-input");
  pageInput.type = "number";
  pageInput.min = "1";
  pageInput.inputMode = "numeric";
  pageLabel.append(make("span"), pageInput);
  const pageOf = make("span", "lv-page-of");
  pager.append(previous, pageLabel, pageOf, next);
  pager.hidden = true;
  const footnote = make("p", "lv-footnote");  // e.g. the convention the numbers follow
  top.append(listBox, results);
  root.append(top, status, live, tableBox, pager, footnote);
  parent.append(root);
  const ctl = {
    root, list, cards, status, live, tableBox, caption, thead, tbody, help,
    pager, previous, next, pageInput, pageOf, pageLabel: pageLabel.firstChild, page: 0,
    chartBox, chartNote, footnote, chart: null, chartShape: null, charts: Promise.resolve(),
    data: null, send: null, dragging: false, deferred: null, sent: [], heads: null,
    previewing: false,
  };
  ctl.keys = createKeys(ctl);  // live_keys.js
  new ResizeObserver(() => {  // a phone turned, a window narrowed: the charts may scroll now
    if (ctl.data) markScrolling(chartBox, ctl.data.words.charts_scroll);
  }).observe(chartBox);
  listBox.append(help, list, ctl.keys.box);
  chipSortable(ctl, CLASSES, (li) => moved(ctl, li), render, () => preview(ctl));
  previous.addEventListener("click", () => turnTo(ctl, ctl.page - 1));
  next.addEventListener("click", () => turnTo(ctl, ctl.page + 1));
  pageInput.addEventListener("change", () => {
    const wanted = Number.parseInt(pageInput.value, 10);
    if (Number.isFinite(wanted)) turnTo(ctl, wanted - 1);
    pageInput.value = String(ctl.page + 1);
  });
  return ctl;
}

function confirm(ctl, ack) {
  // The server now holds `ack`, an order this view repainted itself from the numbers it was
  // sent (the server sends no numbers again for it): keep what is shown, and make ctl.data
  // what the server would have sent for this order.
  if (chipAnswerIsStale(ctl, ack)) return;
  const ids = chipIds(ctl.list);
  const data = ctl.data;
  if (!data || !data.numbers || JSON.stringify(ids) !== JSON.stringify(ack)) {
    ctl.send("refresh", true);  // this view cannot take it (it was re-mounted): ask for all
    return;
  }
  const numbers = data.numbers;
  const view = repaintView(numbers, ids);
  const texts = new Map(data.items);
  const table = data.table;
  const first = table ? Math.min(table.total, table.page_rows) : 0;
  ctl.data = {
    ...data,
    items: ids.map((id) => [id, texts.get(id)]),
    cards: data.cards.map((card) => ({
      ...card, value: formatViewNumber(view.cards[card.key], numbers.format),
    })),
    table: table && {
      ...table,
      rows: view.rows.slice(0, first)
        .map((row) => table.keys.map((key) => cellText(row, key, numbers, data.words))),
    },
  };
  ctl.status.hidden = true;
  ctl.root.dataset.source = "server";
}

// The views that send a list typed into the grade box that follows them (their server said
// so: data.takes_typed), by name. The box's LIST_TYPED event is cancelled by the view that
// takes it, so that the box sends nothing itself.
const typedTakers = new Map();

window.addEventListener(LIST_TYPED, (event) => {
  const ctl = typedTakers.get(event.detail && event.detail.name);
  if (!ctl || !ctl.root.isConnected || typeof event.detail.text !== "string") return;
  event.preventDefault();
  ctl.send("typed", event.detail.text);
});

function takeTyped(ctl, data) {
  if (!data.name) return;
  if (data.takes_typed) typedTakers.set(data.name, ctl);
  else if (typedTakers.get(data.name) === ctl) typedTakers.delete(data.name);
}

function render(ctl, data) {
  takeTyped(ctl, data);
  if (ctl.dragging) { ctl.deferred = data; return; }
  if (data.ack) { confirm(ctl, data.ack); return; }
  if (chipAnswerIsStale(ctl, data.items.map(([id]) => id))) return;
  const spec = chartSpec(ctl, data);
  ctl.data = data;
  ctl.root.classList.toggle("lv-compact", Boolean(data.compact));
  setText(ctl.help, data.words.help);
  ctl.list.setAttribute("aria-label", data.words.help);
  ctl.cards.setAttribute("aria-label", data.words.cards);
  ctl.status.hidden = true;
  const wanted = placeChips(ctl, data.items, CLASSES);
  relabel(ctl);
  shareOrder(ctl);
  showKeys(ctl, data.keys);
  showCards(ctl, data.cards.map((card) => card.value));
  ctl.root.dataset.source = "server";
  ctl.page = Math.min(ctl.page, pages(ctl) - 1);
  showTable(ctl, pageCells(ctl, null));
  // Without its template the charts wait: the server sends it with everything else.
  if (spec === undefined) ctl.send("refresh", true);
  else showServerCharts(ctl, spec);
  setText(ctl.chartNote, data.chart_note);
  ctl.chartNote.hidden = !data.chart_note;
  setText(ctl.footnote, data.footnote || "");
  ctl.footnote.hidden = !data.footnote;
  refocusChip(wanted);
}

// The view's style sheet (live_view.css, put before this file as LIVE_VIEW_CSS by
// components/browser_library.py): parsed once per page and adopted by each view's shadow
// root, so that the component's message, sent with every run, does not carry it.
let viewSheet = null;

function adoptViewStyles(parentElement) {
  if (!viewSheet) {
    viewSheet = new CSSStyleSheet();
    viewSheet.replaceSync(LIVE_VIEW_CSS);
  }
  const root = parentElement.getRootNode();
  const holder = root instanceof ShadowRoot ? root : document;
  if (!holder.adoptedStyleSheets.includes(viewSheet)) {
    holder.adoptedStyleSheets = [...holder.adoptedStyleSheets, viewSheet];
  }
}

// The live view's mount, published by components/browser_library.py as
// globalThis.ndcgLabLibrary.liveView for the live view component's script to call.
// The server sends its payload as JSON bytes (components/live_view.py, with_run).
function mountLiveView({ data, parentElement, setTriggerValue }) {
  adoptViewStyles(parentElement);
  const given = ArrayBuffer.isView(data) ? JSON.parse(new TextDecoder().decode(data)) : data;
  return mountChips(views, parentElement, setTriggerValue, given, create, render);
}
