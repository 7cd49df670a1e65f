// The live view's charts (live_view.js draws the rest of the view; components/browser_library.py
// puts this file before it, in the same module). The server sends a spec (or the address of
// its template) and rows; a move's rows come from repaintView (viewChartRows) and are swapped
// in by updateViewCharts (view_charts.js). One change at a time, in the order asked.

// Resolves once the browser has painted what is on the page now (a frame, then a task).
function afterPaint() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function chartWork(ctl, work) {
  // One chart change at a time, in the order asked: a drop's rows never overtake the
  // server's spec, nor the other way round. A failure is reported, not left to stop the chain.
  ctl.charts = ctl.charts.then(work).catch((error) => console.error("nDCG Lab charts:", error));
}

function withPoints(ctl, spec) {
  // The server leaves out the points' rows where it sent the numbers: they are made here for
  // its order, as at a drop (viewChartRows of repaintView). Exact sums bring their rows.
  const numbers = ctl.data.numbers;
  if (VIEW_CHART_POSITIONS in spec.datasets || !numbers) return spec;
  const view = repaintView(numbers, ctl.data.items.map(([id]) => id));
  return { ...spec, datasets: { ...spec.datasets, ...viewChartRows(numbers, view) } };
}

// A box whose content is wider than it is scrolls sideways: the keyboard must then reach it
// (axe's scrollable-region-focusable) and a screen reader hear what it holds. Charts drawn
// for a wider screen than the one they land on (a phone's first run, before it said its
// width) scroll until the server redraws them.
function markScrolling(box, label) {
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  if (scrolls && !box.hasAttribute("tabindex")) {
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", label);
  } else if (!scrolls && box.hasAttribute("tabindex")) {
    box.removeAttribute("tabindex");
    box.removeAttribute("role");
    box.removeAttribute("aria-label");
  }
}

// The charts' templates this page fetched (components/chart_files.py publishes each as a
// gzipped JSON file named by its content's hash): address -> the promise of the template.
const chartTemplates = new Map();

function chartTemplate(src) {
  let template = chartTemplates.get(src);
  if (!template) {
    template = (async () => {
      const response = await fetch(src);
      if (!response.ok) throw new Error(`chart template: HTTP ${response.status}`);
      const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
      return JSON.parse(await new Response(stream).text());
    })();
    template.catch(() => chartTemplates.delete(src)); // a later drawing may try again
    chartTemplates.set(src, template);
  }
  return template;
}

function showServerCharts(ctl, given) {
  // The server's spec for its order: redrawn when its shape (everything but the rows)
  // changed, otherwise only its rows swapped in. A template sent as a file's address
  // (given.src) is its shape: the file is fetched before the first drawing, and Vega
  // imported beside it the first time (vegaLibraries).
  if (!given) {
    ctl.chartShape = null;
    chartWork(ctl, async () => { ctl.chart = null; ctl.chartBox.replaceChildren(); });
    return;
  }
  const spec = withPoints(ctl, given);
  const shape = given.src ? given.src : JSON.stringify({ ...spec, datasets: null });
  if (shape !== ctl.chartShape) {
    ctl.chartShape = shape;
    const words = ctl.data.words;
    chartWork(ctl, async () => {
      let full = spec;
      try {
        const [template] = await Promise.all([
          given.src ? chartTemplate(given.src) : null,
          vegaLibraries(),
        ]);
        if (template) full = { ...template, datasets: spec.datasets };
      } catch (error) {
        if (ctl.chartShape === shape) ctl.chartShape = null; // the next answer tries again
        const note = make("p", "lv-chart-failed");
        note.setAttribute("role", "alert");
        note.textContent = words.charts_failed;
        ctl.chart = null;
        ctl.chartBox.replaceChildren(note);
        ctl.chartNote.hidden = true; // no charts to hover
        throw error;
      }
      await afterPaint(); // the list, cards and table show before Vega's first drawing
      const box = make("div", "lv-chart");
      ctl.chartBox.replaceChildren(box);
      ctl.chart = null;
      ctl.chart = await drawViewCharts(box, full);
      ctl.chartBox.dataset.order = ctl.data.items.map(([id]) => id).join(" ");
      markScrolling(ctl.chartBox, ctl.data.words.charts_scroll);
    });
    return;
  }
  const order = ctl.data.items.map(([id]) => id).join(" ");
  chartWork(ctl, async () => {
    if (!ctl.chart) return;
    await updateViewCharts(ctl.chart, spec.datasets);
    ctl.chartBox.dataset.order = order;
  });
}

function repaintCharts(ctl, numbers, view, ids) {
  // The charts' points for the order on screen, from the repaint's numbers (viewChartRows).
  const order = ids.join(" ");
  chartWork(ctl, async () => {
    if (!ctl.chart) return;
    await updateViewCharts(ctl.chart, viewChartRows(numbers, view));
    ctl.chartBox.dataset.order = order;
  });
}

function chartSpec(ctl, data) {
  // The server sends the address of the charts' template (data.chart_src) and their rows;
  // or, where it cannot publish files, the template once per view (named data.chart_id),
  // then only their rows (data.chart_reused): the spec is the template held here with them.
  // Undefined when this view does not hold that template (it was drawn anew).
  if (!data.chart) { ctl.template = null; return null; }
  if (data.chart_src) return { src: data.chart_src, datasets: data.chart.datasets };
  if (!data.chart_reused) {
    ctl.template = { id: data.chart_id, spec: data.chart };
    return data.chart;
  }
  if (!ctl.template || ctl.template.id !== data.chart_id) return undefined;
  return { ...ctl.template.spec, datasets: data.chart.datasets };
}
