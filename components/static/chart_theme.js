// The browser-drawn charts in the page's theme, and their tooltips (components/view_charts.py
// puts this before view_charts.js). st.vega_lite_chart used to give them Streamlit's font and
// colours; a bare vega.View draws in Vega's (another font, black text even on a dark page) and
// shows a tooltip only as a title attribute. So the theme is read from the page, as CSS: an
// st.components.v2 component sits under Streamlit's --st-* variables (its light or dark
// theme), and any other page gives its own colour and font.

// The page's theme where `element` sits: font and its base size, text colour, line colours
// (grid; axis lines and borders), background. A Streamlit page names them (--st-font,
// --st-base-font-size, --st-text-color, --st-border-color-light, --st-border-color,
// --st-background-color); elsewhere the element's own font and colour, lines a faint text colour.
function chartPageTheme(element) {
  const style = getComputedStyle(element);
  const read = (name) => style.getPropertyValue(name).trim();
  const text = read("--st-text-color") || style.color;
  const border = read("--st-border-color");
  return {
    font: read("--st-font") || style.fontFamily,
    size: Number.parseFloat(read("--st-base-font-size")) || Number.parseFloat(style.fontSize) || 16,
    text,
    grid: read("--st-border-color-light") || border,
    border,
    background: read("--st-background-color") || "Canvas",
  };
}

// A Vega-Lite config for `theme`, as Streamlit's own chart theme has it: the font and text
// colour on every axis, legend, header and title (axis labels at 0.75 of the base size, axis
// and legend titles at 0.875, chart titles at 1), grid and axis lines in the theme's line
// colours, and no background of its own (the page's shows through).
function chartThemeConfig(theme) {
  const px = (share) => Math.round(theme.size * share * 100) / 100;
  const lines = theme.border
    ? { gridColor: theme.grid, domainColor: theme.border, tickColor: theme.border }
    : { gridColor: theme.text, gridOpacity: 0.15, domainColor: theme.text, tickColor: theme.text };
  const text = {
    labelColor: theme.text, titleColor: theme.text, labelFont: theme.font, titleFont: theme.font,
  };
  return {
    font: theme.font,
    background: "transparent",
    axis: { ...text, ...lines, labelFontSize: px(0.75), titleFontSize: px(0.875) },
    legend: { ...text, labelFontSize: px(0.875), titleFontSize: px(0.875) },
    header: { ...text, labelFontSize: px(0.75), titleFontSize: px(0.875) },
    title: { color: theme.text, subtitleColor: theme.text, font: theme.font, fontSize: px(1) },
    view: { stroke: theme.grid || theme.text, strokeOpacity: theme.grid ? 1 : 0.15 },
  };
}

// An invisible element that calls `changed` when the page's theme changes. Nothing tells a
// component that Streamlit switched light and dark, but the --st-* variables its colours
// read change then, and a CSS transition on them (1 ms) says so with a transitionrun event.
function chartThemeWatch(changed) {
  const probe = document.createElement("span");
  probe.className = "view-chart-theme-watch";
  probe.setAttribute("aria-hidden", "true");
  Object.assign(probe.style, {
    position: "absolute", width: "0", height: "0", overflow: "hidden", visibility: "hidden",
    pointerEvents: "none", borderStyle: "solid", borderWidth: "0",
    color: "var(--st-text-color)",  // where unset, the page's own text colour
    backgroundColor: "var(--st-background-color, transparent)",
    borderColor: "var(--st-border-color, transparent)",
    transition: "color 1ms, background-color 1ms, border-color 1ms",
  });
  probe.addEventListener("transitionrun", changed);
  return probe;
}

function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// `base` with `over` laid on top, object by object: where both set a key, `over`'s value wins
// (so a spec's own settings, such as its font sizes for a projector, stay as the spec says).
function mergeUnder(base, over) {
  const merged = { ...base };
  for (const [key, value] of Object.entries(over ?? {})) {
    merged[key] = isPlainObject(value) && isPlainObject(base[key])
      ? mergeUnder(base[key], value)
      : value;
  }
  return merged;
}

// The titles of `spec`'s views, in reading order (a title is a text or {text}).
function chartTitles(spec) {
  const titles = [];
  const walk = (view) => {
    const title = isPlainObject(view.title) ? view.title.text : view.title;
    if (title) titles.push([title].flat().join(" "));
    for (const part of ["vconcat", "hconcat", "concat", "layer"]) {
      for (const inner of view[part] ?? []) walk(inner);
    }
  };
  walk(spec);
  return titles;
}

// `spec` with the page's theme under its own config, and a name for the drawing: Vega makes
// the element it draws in a graphics-document named by the spec's description, else "Vega
// visualization", which tells a screen reader nothing; the charts' own titles do.
function themedChartSpec(spec, theme) {
  const titles = chartTitles(spec);
  const description = spec.description ?? (titles.length ? `Charts: ${titles.join("; ")}` : undefined);
  return {
    ...spec,
    ...(description ? { description } : {}),
    config: mergeUnder(chartThemeConfig(theme), spec.config),
  };
}

// A tooltip's lines: Vega passes the item's tooltip value, for a Vega-Lite tooltip list an
// object {title: text, ...} (its fields' titles and their values as printed), else one value.
function chartTooltipLines(value) {
  if (value === null || value === undefined || value === "") return [];
  if (isPlainObject(value)) {
    return Object.entries(value).map(([key, text]) => [key, String(text)]);
  }
  return [["", String(value)]];
}

// A tooltip handler for `view` (vega.View's tooltip(handler, event, item, value)) that shows
// the lines in a small box beside the pointer, kept inside the viewport, hidden when the
// pointer leaves a mark or `drawing` (the element Vega draws in). Its text goes in as
// textContent only: a document's label is the user's own text. Returns the box, for the
// caller to place beside the drawing (Vega empties its own element), and the handler.
function chartTooltip(drawing, theme) {
  const box = document.createElement("div");
  box.className = "view-chart-tooltip";
  // For the eye only: each mark's aria-label already says what its tooltip shows.
  box.setAttribute("aria-hidden", "true");
  box.hidden = true;
  Object.assign(box.style, {
    position: "fixed", left: "0", top: "0", zIndex: "1000", pointerEvents: "none",
    maxWidth: "20rem", padding: "0.3rem 0.6rem", boxSizing: "border-box",
    font: `0.875rem/1.4 ${theme.font}`, color: theme.text, background: theme.background,
    border: `1px solid ${theme.border || theme.text}`, borderRadius: "0.5rem",
    boxShadow: "0 2px 8px rgba(0, 0, 0, 0.25)", overflowWrap: "anywhere",
  });
  const hide = () => { box.hidden = true; };
  const handler = (_handler, event, item, value) => {
    // Over a point, Vega-Lite's nearest-point hover draws a voronoi cell whose tooltip reads
    // only the quantitative fields from the point (the others come out undefined: Vega-Lite
    // 6.4 rewrites just format()'s datum). The cell's datum is the point's own drawn item,
    // whose tooltip Vega computed from the point's encoding: show that.
    // Vega says the pointer left with a null value (and the item it left).
    const point = value != null && item?.isVoronoi && item.datum && "tooltip" in item.datum
      ? item.datum : null;
    const lines = chartTooltipLines(point ? point.tooltip : value);
    if (!lines.length || !event) { hide(); return; }
    box.replaceChildren(...lines.map(([key, text]) => {
      const line = document.createElement("div");
      if (key) {
        const name = document.createElement("span");
        name.className = "view-chart-tooltip-key";
        name.style.opacity = "0.8";
        name.textContent = `${key}: `;
        line.append(name);
      }
      const shown = document.createElement("span");
      shown.className = "view-chart-tooltip-value";
      shown.textContent = text;
      line.append(shown);
      return line;
    }));
    box.hidden = false;
    placeChartTooltip(box, event.clientX, event.clientY);
  };
  drawing.addEventListener("pointerleave", hide);
  // Escape hides it without moving the pointer (WCAG 1.4.13); the listener goes with the box.
  const escape = (event) => {
    if (!box.isConnected) document.removeEventListener("keydown", escape);
    else if (event.key === "Escape") hide();
  };
  document.addEventListener("keydown", escape);
  return { box, handler, hide };
}

// Puts `box` beside the point (x, y) of the viewport: below and right of it, or on the other
// side where it would not fit, and never past an edge. A fixed box is placed against the
// viewport unless an ancestor is transformed; measuring where it landed corrects for that.
function placeChartTooltip(box, x, y) {
  const gap = 12;
  box.style.left = "0px";
  box.style.top = "0px";
  const origin = box.getBoundingClientRect();
  const width = origin.width;
  const height = origin.height;
  const room = document.documentElement;
  const right = room.clientWidth;
  const bottom = room.clientHeight;
  let left = x + gap + width <= right ? x + gap : x - gap - width;
  let top = y + gap + height <= bottom ? y + gap : y - gap - height;
  left = Math.max(0, Math.min(left, right - width));
  top = Math.max(0, Math.min(top, bottom - height));
  box.style.left = `${left - origin.left}px`;
  box.style.top = `${top - origin.top}px`;
}
