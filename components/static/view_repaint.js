// The browser-drawn Playground's repaint (components/view_repaint.py): the JavaScript twin of
// ndcg_core.metric.view_numbers.repaint, on the payload view_numbers() sends. That module
// puts `formatViewNumber(value, rule)` (ndcg_core.text.browser_format) and VIEW_MISSING (the
// grade text of a row past the list's end, view_numbers.MISSING) before this file.
//
// Only the payload's numbers are used: no gain formula, no discount, no tie rule. Each sum
// starts at 0 and adds row by row, top to bottom, and each term is g / d (a division, not
// g * (1/d)): the core's own operations in its order, so every float is the core's to the
// last bit (tests/browser/test_view_repaint_browser.py).

// The document at each ideal place for `order`: each group's places go, top first, to its
// documents in the order shown; a place no document takes is a judged document not retrieved.
function viewIdealLabels(numbers, order, documents) {
  const places = new Map();  // ideal group -> its row indices, top first
  numbers.ideal_groups.forEach((group, i) => {
    if (group === null) return;
    if (!places.has(group)) places.set(group, []);
    places.get(group).push(i);
  });
  const labels = numbers.ideal_groups.map((group) => (group === null ? "" : numbers.not_retrieved));
  const taken = new Map();
  for (const label of order) {
    const group = documents.get(label).ideal_group;
    if (group === null) continue;
    const turn = taken.get(group) || 0;
    taken.set(group, turn + 1);
    const free = places.get(group) || [];
    if (turn < free.length) labels[free[turn]] = label;
  }
  return labels;
}

// The three charts' points: for each plotted position, this ranking's and the ideal's.
function viewSeries(table, plotted) {
  const series = { this: [], ideal: [] };
  for (const position of plotted) {
    const row = table[position - 1];
    series.this.push({
      position,
      label: row.label,
      grade: row.grade,
      contribution: row.contribution,
      running_dcg: row.running_dcg,
      ndcg_at_i: row.ndcg_at_i,
    });
    series.ideal.push({
      position,
      label: row.ideal_label,
      grade: row.ideal_grade,
      contribution: row.ideal_contribution,
      running_dcg: row.running_ideal_dcg,
      ndcg_at_i: row.ndcg_at_i,
    });
  }
  return series;
}

// What the view shows for `order` (labels, top first): {cards, rows, series}, the numbers
// unformatted, NaN where nDCG is undefined (the payload's fixed_ndcg null).
function repaintView(numbers, order) {
  const documents = new Map(numbers.documents.map((document) => [document.label, document]));
  const discount = numbers.discount;
  const idealGains = numbers.ideal_gains;
  const rows = discount.length;
  const fixed = numbers.fixed_ndcg === null ? NaN : numbers.fixed_ndcg;
  const idealLabels = viewIdealLabels(numbers, order, documents);
  const table = [];
  let dcg = 0;
  let cg = 0;
  let idealDcg = 0;
  for (let i = 0; i < rows; i += 1) {
    const document = i < order.length ? documents.get(order[i]) : null;
    const gain = document ? document.gain : 0;
    const contribution = gain / discount[i];
    const idealContribution = idealGains[i] / discount[i];
    dcg += contribution;
    cg += gain;
    idealDcg += idealContribution;
    table.push({
      position: i + 1,
      label: document ? document.label : "",
      title: document ? document.title : "",
      grade: document ? document.grade : null,
      grade_text: document ? document.grade_text : VIEW_MISSING,
      gain,
      discount: discount[i],
      contribution,
      running_cg: cg,
      running_dcg: dcg,
      ideal_label: idealLabels[i],
      ideal_grade: numbers.ideal_grades[i],
      ideal_grade_text: numbers.ideal_grade_texts[i],
      ideal_contribution: idealContribution,
      running_ideal_dcg: idealDcg,
      ndcg_at_i: idealDcg > 0 ? dcg / idealDcg : fixed,
      counted: numbers.counted[i],
    });
  }
  const k = numbers.cutoff_k;
  const atK = table[(k === null ? rows : Math.min(k, rows)) - 1];
  return {
    cards: {
      cg: atK.running_cg,
      dcg: atK.running_dcg,
      ideal_dcg: atK.running_ideal_dcg,
      ndcg: atK.ndcg_at_i,
    },
    rows: table,
    series: viewSeries(table, numbers.plotted),
  };
}
