// Compare mode's chart of both rankings (components/compare_mode.py, comparison_chart): nDCG of
// A and of B with B − A, then both running-DCG curves and B's change at each position,
// repainted in the browser the moment a drop, a move or a button in A's or B's live view
// changes the order it shows.
//
// The server sends the chart's spec (ndcg_core.pictures.compare_charts.comparison_spec) and,
// where the sums are floats in every order, the list's `numbers` (view_numbers: the same for
// A and B, which rank the same documents under one convention). The rows then come from
// repaintView of each order shown, through comparisonRows, the JavaScript twin of
// compare_charts.comparison_rows, and the pair through pairTexts, the twin of number_rows'
// first row: no metric rule of their own, only the payload's numbers and number rules. Where
// there are no numbers (exact sums) the spec brings its rows, the pair its texts, and both wait
// for the server.

const shownOrders = new Map();  // a live view's name -> the order (labels, top first) it shows
const compareViews = new WeakMap();  // parentElement -> controller: this runs on every rerun

// Called by a named live view (live_view.js) whenever the order on its screen changes, with
// the words a grade box writes its list with, where the server sent them.
function announceOrder(name, order, words) {
  shownOrders.set(name, order);
  // ORDER_SHOWN (components/browser_library.py): the grade box follows the list's view too.
  const detail = { name, order, words: words || null };
  window.dispatchEvent(new CustomEvent(ORDER_SHOWN, { detail }));
}

// What A's and B's views show for `orders` ({A, B}: labels, top first): repaintView of each.
function comparisonViews(numbers, orders) {
  return { A: repaintView(numbers, orders.A), B: repaintView(numbers, orders.B) };
}

// The chart's rows for `views` (comparisonViews of the orders shown) at the `plotted`
// positions, as comparison_rows writes them: each ranking's running DCG, then B's counted
// contribution minus A's at each position, named by its sign (`effects`: gains, loses, no
// change).
function comparisonRows(numbers, plotted, effects, names, views) {
  const curves = [];
  for (const ranking of ["A", "B"]) {
    const rows = views[ranking].rows;
    for (const position of plotted) {
      curves.push({ position, ranking, running_dcg: rows[position - 1].running_dcg });
    }
  }
  const [gains, loses, same] = effects;
  const changes = plotted.map((position) => {
    const i = position - 1;
    // Past the cutoff a position adds nothing to either DCG (the core's terms_at_k).
    const a = numbers.counted[i] ? views.A.rows[i].contribution : 0;
    const b = numbers.counted[i] ? views.B.rows[i].contribution : 0;
    const change = b - a;
    return { position, change, effect: change > 0 ? gains : (change < 0 ? loses : same) };
  });
  return { [names.curves]: curves, [names.changes]: changes };
}

// compare_words.format_pair: two values at the fewest decimals that tell them apart, trying
// the payload's `rules` in turn (its PAIR_DIGITS), else both by `rule`.
function formatPair(first, second, rules, rule) {
  for (const each of rules) {
    const shown = [formatViewNumber(first, each), formatViewNumber(second, each)];
    if (shown[0] !== shown[1]) return shown;
  }
  return [formatViewNumber(first, rule), formatViewNumber(second, rule)];
}

// compare_words.signed: a difference with its sign, 0 and an undefined one with none.
function signedNumber(value, rule) {
  if (value === 0) return "0";
  if (Number.isNaN(value)) return formatViewNumber(value, rule);
  return (value < 0 ? "-" : "+") + formatViewNumber(value < 0 ? -value : value, rule);
}

// The headline pair's texts for `views` (comparisonViews), as stakeholder.number_rows' first
// row writes them: nDCG of A, of B, and B − A.
function pairTexts(pair, views, rule) {
  const a = views.A.cards.ndcg;
  const b = views.B.cards.ndcg;
  return [...formatPair(a, b, pair.rules, rule), signedNumber(b - a, rule)];
}

// Writes the pair: two cards, B's with its difference from A (arrow and colour by its sign,
// as st.metric's delta; the sign is in the text too).
function showPair(ctl, pair, texts) {
  if (!ctl.pair.firstChild) {
    for (let i = 0; i < 2; i += 1) {
      const card = make("div", "lv-card");  // the live view's cards' look and size
      card.append(make("div", "lv-card-label"), make("div", "lv-card-value"));
      ctl.pair.append(card);
    }
    const delta = make("div", "cv-delta");
    const arrow = make("span", "cv-arrow");
    arrow.setAttribute("aria-hidden", "true");
    delta.append(arrow, make("span"));
    ctl.pair.lastChild.append(delta);
  }
  const [a, b] = ctl.pair.children;
  setText(a.querySelector(".lv-card-label"), pair.labels[0]);
  setText(a.querySelector(".lv-card-value"), texts[0]);
  setText(b.querySelector(".lv-card-label"), pair.labels[1]);
  setText(b.querySelector(".lv-card-value"), texts[1]);
  const delta = b.querySelector(".cv-delta");
  const sign = texts[2].startsWith("+") ? "up" : (texts[2].startsWith("-") ? "down" : "same");
  delta.dataset.sign = sign;
  setText(delta.firstChild, { up: "↑", down: "↓", same: "" }[sign]);
  setText(delta.lastChild, `${texts[2]} ${pair.against}`);
}

// The order to draw for `ranking`: its live view's, where that view shows these documents,
// else the server's (a view not drawn yet, or one showing an older list).
function orderShown(data, ranking) {
  const shown = shownOrders.get(data.views[ranking]);
  const given = data.orders[ranking];
  if (!shown || shown.length !== given.length) return given;
  const wanted = new Set(given);
  return shown.every((label) => wanted.has(label)) ? shown : given;
}

// The orders to draw: those A's and B's views show where the sums can be redone here, else
// the server's (exact sums: its rows come with the spec).
function chartOrders(data) {
  return data.numbers ? { A: orderShown(data, "A"), B: orderShown(data, "B") } : data.orders;
}

// Lets the drawn chart go, with Vega's timers and listeners.
function dropChart(ctl) {
  if (ctl.chart && ctl.chart.view) ctl.chart.view.finalize();
  ctl.chart = null;
}

// Draws the chart for the data and orders now: anew when its shape changed (everything but the
// rows), else only its rows swapped in. One drawing at a time, in the order asked.
function drawCompare(ctl) {
  const data = ctl.data;
  const orders = chartOrders(data);
  const views = data.numbers ? comparisonViews(data.numbers, orders) : null;
  const texts = views ? pairTexts(data.pair, views, data.numbers.format) : data.pair.texts;
  showPair(ctl, data.pair, texts);
  const rows = views
    ? comparisonRows(data.numbers, data.plotted, data.effects, data.names, views)
    : data.spec.datasets;
  const spec = { ...data.spec, datasets: rows };
  const shape = JSON.stringify({ ...spec, datasets: null });
  ctl.work = ctl.work.then(async () => {
    if (shape !== ctl.shape || !ctl.chart) {
      ctl.shape = shape;
      await afterPaint();  // the lists and cards show before Vega's first drawing
      const box = document.createElement("div");
      box.className = "lv-chart";
      ctl.box.replaceChildren(box);
      dropChart(ctl);
      ctl.chart = await drawViewCharts(box, spec, Object.values(data.names));
    } else {
      await updateViewCharts(ctl.chart, rows);
    }
    ctl.box.dataset.orders = JSON.stringify(orders);  // drawn: what a test waits for
  }).catch((error) => console.error("nDCG Lab comparison chart:", error));
}

// The comparison chart's mount, published by components/browser_library.py as
// globalThis.ndcgLabLibrary.compareView. The payload comes as JSON bytes.
function mountCompareView({ data, parentElement }) {
  adoptViewStyles(parentElement);
  const given = ArrayBuffer.isView(data) ? JSON.parse(new TextDecoder().decode(data)) : data;
  let ctl = compareViews.get(parentElement);
  if (!ctl) {
    const pair = make("div", "cv-pair");
    const box = make("div", "cv");
    parentElement.append(pair, box);
    ctl = {
      pair, box, data: null, chart: null, shape: null, work: Promise.resolve(), listening: null,
    };
    // A named live view changed its order: the chart follows it at once, if it is A or B.
    ctl.listening = (event) => {
      if (ctl.data && ctl.data.numbers && Object.values(ctl.data.views).includes(event.detail.name)) {
        drawCompare(ctl);
      }
    };
    window.addEventListener(ORDER_SHOWN, ctl.listening);
    compareViews.set(parentElement, ctl);
  }
  ctl.data = given;
  drawCompare(ctl);
  return () => {
    // Only the last call's cleanup runs, and only once the element has left the page.
    if (ctl.box.isConnected) return;
    window.removeEventListener(ORDER_SHOWN, ctl.listening);
    dropChart(ctl);
    compareViews.delete(parentElement);
  };
}
