// The browser-drawn Playground's three linked charts (components/view_charts.py). That module
// puts `vegaLibraries` (a promise of Vega and Vega-Lite), VIEW_CHART_POSITIONS (the points'
// dataset, chart_data.POSITIONS) and VIEW_CHART_EXACT_TEXTS (chart_data.EXACT_TEXTS's columns)
// before this file.
//
// The spec is the server's (Altair's template, filled for the list's length and k, with every
// dataset's rows for the order first shown); a drop changes only the points' rows, which come
// from repaintView's result with no rule of their own. The cutoff rule's dataset depends on the
// convention and the list's length alone, never on the order, so it stays as the spec drew it.

// The rows of the points' dataset for repaintView's `view`: this ranking's points, then the
// ideal's, with the fields chart_data.chart_dataset_tables writes, in its order.
function viewChartRows(numbers, view) {
  const rows = [];
  for (const kind of ["this", "ideal"]) {
    const series = numbers.series[kind];
    for (const point of view.series[kind]) {
      const row = {
        position: point.position,
        label: point.label,
        series,
        grade: point.grade,
        contribution: point.contribution,
        running_dcg: point.running_dcg,
        ndcg_at_i: point.ndcg_at_i,
      };
      // The core writes these texts only where the plotted float cannot give them (sums
      // rescaled to draw, an nDCG that underflowed); view_numbers sends no payload for such a
      // list, so here they are always empty and the chart prints the float itself.
      for (const column of VIEW_CHART_EXACT_TEXTS) row[column] = "";
      rows.push(row);
    }
  }
  return { [VIEW_CHART_POSITIONS]: rows };
}

// Draws the Vega-Lite `spec` as SVG into `container` (its rows are the datasets named `names`,
// which updates swap), in the page's theme there (chart_theme.js, under the spec's own config)
// with a tooltip box; resolves to the handle updateViewCharts takes, once the first frame is
// drawn. When the page's theme changes (Streamlit switches light and dark in the page alone,
// and need not run the component again: after a drop it answers with an acknowledgement only)
// the charts are drawn anew in it, with their rows.
async function drawViewCharts(container, spec, names = [VIEW_CHART_POSITIONS]) {
  const handle = { container, spec, names, view: null, theme: "", work: Promise.resolve() };
  await viewChartWork(handle, () => drawThemed(handle));
  return handle;
}

// Runs `work` after the handle's earlier work (a theme's redraw never overlaps an update);
// resolves as `work` does.
function viewChartWork(handle, work) {
  const done = handle.work.then(work);
  handle.work = done.catch(() => {});
  return done;
}

// (Re)draws handle.spec in the theme the page has now, in a fresh drawing: Vega keeps the
// config it was parsed with, so a new theme means a new view.
async function drawThemed(handle) {
  const { vega, vegaLite } = await vegaLibraries();
  const theme = chartPageTheme(handle.container);
  const compiled = vegaLite.compile(themedChartSpec(handle.spec, theme)).spec;
  const names = new Set(compiled.data.map((data) => data.name));
  const missing = handle.names.find((name) => !names.has(name));
  if (missing !== undefined) throw new Error(`the chart does not read a dataset named ${missing}`);
  if (handle.view) handle.view.finalize();
  const drawing = document.createElement("div");
  drawing.className = "view-chart-drawing";
  const tooltip = chartTooltip(drawing, theme);
  const watch = chartThemeWatch(() => viewChartWork(handle, () => followTheme(handle)));
  handle.container.replaceChildren(drawing, tooltip.box, watch);
  handle.view = new vega.View(vega.parse(compiled), {
    renderer: "svg", container: drawing, tooltip: tooltip.handler,
  });
  handle.theme = JSON.stringify(theme);
  await handle.view.runAsync();
}

// Replaces each named dataset's rows (viewChartRows's result) and redraws; resolves once the
// charts are drawn. Scales, axes and the hover selection follow the new rows.
function updateViewCharts(handle, rows) {
  return viewChartWork(handle, () => changeRows(handle, rows)).then(() => handle);
}

// The rows swapped in and drawn. The page's theme is read after the next frame (its computed
// style costs the repaint a style pass): a theme switched while the watch could not see it
// (the charts hidden) is then drawn anew, rows and all.
async function changeRows(handle, rows) {
  handle.spec = { ...handle.spec, datasets: { ...handle.spec.datasets, ...rows } };
  const { vega } = await vegaLibraries();
  let changed = false;
  for (const [name, values] of Object.entries(rows)) {
    const changes = rowChanges(vega, handle.view.data(name), values);
    if (changes) handle.view.change(name, changes);
    changed = changed || Boolean(changes);
  }
  if (!changed) return;  // the rows drawn already (a drop the drag's preview drew)
  await handle.view.runAsync();
  requestAnimationFrame(() => setTimeout(() => viewChartWork(handle, () => followTheme(handle))));
}

// The charts drawn anew where the page's theme is no longer the drawing's.
async function followTheme(handle) {
  if (handle.container.isConnected
      && JSON.stringify(chartPageTheme(handle.container)) !== handle.theme) {
    await drawThemed(handle);
  }
}

// The changeset that makes the dataset `held` (Vega's tuples) hold `rows`. A reorder keeps
// each point's place (its series and position) and changes what is there, so each held tuple
// takes the new values of its own fields (changeset.modify): Vega then updates its marks
// instead of removing and drawing them anew, 4.2 against 2.7 ms at 10 items. Rows of any
// other shape replace the held ones. Null when the held rows are these already.
function rowChanges(vega, held, rows) {
  const key = (row) => `${row.series}\u0000${row.position}`;
  const byKey = new Map(held.map((tuple) => [key(tuple), tuple]));
  const pairs = rows.map((row) => [byKey.get(key(row)), row]);
  const changes = vega.changeset();
  const same = byKey.size === held.length && held.length === rows.length
    && pairs.every(([tuple, row]) => tuple && "position" in row
      && Object.keys(row).length === Object.keys(tuple).length
      && Object.keys(row).every((field) => field in tuple));
  if (!same) return changes.remove(vega.truthy).insert(rows);
  let modified = false;
  for (const [tuple, row] of pairs) {
    for (const [field, value] of Object.entries(row)) {
      if (!Object.is(tuple[field], value)) {
        changes.modify(tuple, field, value);
        modified = true;
      }
    }
  }
  return modified ? changes : null;
}
