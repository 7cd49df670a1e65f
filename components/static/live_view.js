// The Playground's list, number cards and per-position table (components/live_view.py).
// That module puts before this file `Sortable` (the vendored SortableJS), chip_list.js (the
// chips' moves, shared with the drag list) and the repaint (components/view_repaint.py:
// repaintView, formatViewNumber), so no metric rule or number format is written here. Every text goes in as textContent: never HTML.

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
  const cards = ctl.data.cards;
  if (ctl.cards.children.length !== cards.length) {
    ctl.cards.replaceChildren(...cards.map(() => {
      const card = make("div", "lv-card");
      card.append(make("div", "lv-card-label"), make("div", "lv-card-value"));
      return card;
    }));
  }
  cards.forEach((card, i) => {
    const [label, value] = ctl.cards.children[i].children;
    setText(label, card.label);
    ctl.cards.children[i].title = card.help;
    ctl.cards.children[i].dataset.key = card.key;
    setText(value, values[i]);
  });
}

function showTable(ctl, rows) {
  // rows: the shown rows' cells, as text.
  const table = ctl.data.table;
  setText(ctl.caption, table.caption);
  ctl.tableBox.setAttribute("aria-label", table.caption);
  const heads = JSON.stringify(table.headers);
  if (ctl.heads !== heads) {
    ctl.heads = heads;
    const tr = make("tr");
    table.headers.forEach((header, j) => {
      const th = make("th", table.text[j] ? "lv-words" : "");
      th.scope = "col";
      th.textContent = header;
      tr.append(th);
    });
    ctl.thead.replaceChildren(tr);
    ctl.tbody.replaceChildren();
  }
  const body = ctl.tbody;
  while (body.children.length > rows.length) body.lastChild.remove();
  while (body.children.length < rows.length) {
    const tr = make("tr");
    table.headers.forEach((_, j) => {
      const cell = make(j === 0 ? "th" : "td", table.text[j] ? "lv-words" : "");
      if (j === 0) cell.scope = "row";
      tr.append(cell);
    });
    body.append(tr);
  }
  rows.forEach((cells, i) => {
    const tr = body.children[i];
    cells.forEach((text, j) => setText(tr.children[j], text));
  });
  setText(ctl.note, table.note);
  ctl.note.hidden = !table.note;
}

function cellText(row, key, numbers, words) {
  switch (key) {
    case "position": return String(row.position);
    case "label": return row.label || words.none;
    case "title": return row.title;
    case "grade": return row.grade_text;
    case "ideal_grade": return row.ideal_grade_text;
    case "counted": return row.counted ? words.yes : words.no;
    default: return formatViewNumber(row[key], numbers.format);
  }
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
  const view = repaintView(numbers, chipIds(ctl.list));
  const print = (value) => formatViewNumber(value, numbers.format);
  const values = data.cards.map((card) => print(view.cards[card.key]));
  showCards(ctl, values);
  const keys = data.table.keys;
  const shown = data.table.rows.length;
  showTable(ctl, view.rows.slice(0, shown).map((row) => keys.map((key) => cellText(row, key, numbers, data.words))));
  ctl.root.dataset.source = "browser";
  return values;
}

function announce(ctl, li) {
  // The moved document's place and the new nDCG, for a screen reader (aria-live polite).
  const cards = ctl.data.cards;
  const ndcg = cards.findIndex((card) => card.key === "ndcg");
  const value = ctl.cards.children[ndcg].lastChild.textContent;
  const place = li ? `${li.getAttribute("aria-label")}. ` : "";
  ctl.live.textContent = ctl.data.numbers
    ? `${place}${cards[ndcg].label} is now ${value}.`
    : `${place}${ctl.data.words.waiting}`;
}

function moved(ctl, li) {
  relabel(ctl);
  repaint(ctl);
  announce(ctl, li);
  sendChipOrder(ctl);
}

function create(parent) {
  const root = make("div", "lv");
  const top = make("div", "lv-top");
  const listBox = make("div", "lv-list-box");
  const help = make("p", "lv-help");
  const list = make("ul", "lv-list");
  list.setAttribute("role", "list");
  const cards = make("div", "lv-cards");
  cards.setAttribute("role", "group");
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
  const note = make("p", "lv-note");
  listBox.append(help, list);
  top.append(listBox, cards);
  root.append(top, status, live, tableBox, note);
  parent.append(root);
  const ctl = {
    root, list, cards, status, live, tableBox, caption, thead, tbody, note, help,
    data: null, send: null, dragging: false, deferred: null, sent: [], heads: null,
  };
  chipSortable(ctl, CLASSES, (li) => moved(ctl, li), render);
  return ctl;
}

function render(ctl, data) {
  if (ctl.dragging) { ctl.deferred = data; return; }
  if (chipAnswerIsStale(ctl, data.items.map(([id]) => id))) return;
  ctl.data = data;
  setText(ctl.help, data.words.help);
  ctl.list.setAttribute("aria-label", data.words.help);
  ctl.cards.setAttribute("aria-label", data.words.cards);
  ctl.status.hidden = true;
  const wanted = placeChips(ctl, data.items, CLASSES);
  relabel(ctl);
  showCards(ctl, data.cards.map((card) => card.value));
  showTable(ctl, data.table.rows);
  ctl.root.dataset.source = "server";
  refocusChip(wanted);
}

export default function ({ data, parentElement, setTriggerValue }) {
  return mountChips(views, parentElement, setTriggerValue, data, create, render);
}
