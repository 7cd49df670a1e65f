// The live view's per-position table and its pager (live_view.js draws the rest of the view;
// components/browser_library.py puts this file before it, in the same module, so `make` and
// `setText` are that file's). A page's cells come from repaintView's rows of the order on
// screen, printed by the core's rule (formatViewNumber), or are the server's own texts.
// Every text goes in as textContent: never HTML.

function pages(ctl) {
  const table = ctl.data.table;
  return table ? Math.max(1, Math.ceil(table.total / table.page_rows)) : 1;
}

function showTable(ctl, rows) {
  // rows: the open page's cells, as text; a view without a table (compare mode's) has none.
  const table = ctl.data.table;
  ctl.tableBox.hidden = !table;
  if (!table) { ctl.pager.hidden = true; return; }
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
  showPager(ctl);
}

function showPager(ctl) {
  const table = ctl.data.table;
  const count = pages(ctl);
  ctl.pager.hidden = count === 1;
  if (count === 1) return;
  const words = ctl.data.words;
  const first = ctl.page * table.page_rows + 1;
  const last = Math.min(table.total, first + table.page_rows - 1);
  setText(ctl.previous, words.previous);
  setText(ctl.next, words.next);
  setText(ctl.pageLabel, words.page);
  const number = (value) => value.toLocaleString("en");  // 1,000 as Python's f"{n:,}"
  const where = { pages: count, first: number(first), last: number(last), total: number(table.total) };
  setText(ctl.pageOf, words.page_of.replace(/\{(\w+)\}/g, (_, name) => String(where[name])));
  ctl.pageInput.max = String(count);
  // Not while the reader is typing a page's number (the input is in the shadow root).
  if (ctl.pageInput.getRootNode().activeElement !== ctl.pageInput) {
    ctl.pageInput.value = String(ctl.page + 1);
  }
  ctl.previous.disabled = ctl.page === 0;
  ctl.next.disabled = ctl.page === count - 1;
}

function pageCells(ctl, view) {
  // The open page's cells: from the repaint of the order on screen (`view`, worked out here
  // when not given) where the server sent the numbers, else from the server's texts.
  const data = ctl.data;
  const table = data.table;
  if (!table) return [];
  const first = ctl.page * table.page_rows;
  const last = Math.min(table.total, first + table.page_rows);
  const numbers = data.numbers;
  if (!numbers) return table.rows.slice(first, last);
  if (!view && first === 0 && ctl.root.dataset.source === "server") {
    return table.rows.slice(0, last);  // the server's own first page, for its own order
  }
  const shown = view || repaintView(numbers, chipIds(ctl.list));
  return shown.rows.slice(first, last).map((row) => table.keys.map((key) => cellText(row, key, numbers, data.words)));
}

function turnTo(ctl, page) {
  const count = pages(ctl);
  const wanted = Math.min(count - 1, Math.max(0, page));
  if (wanted === ctl.page) return;
  ctl.page = wanted;
  showTable(ctl, pageCells(ctl, null));
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
