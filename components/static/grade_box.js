// The box a list is typed into (components/grade_box.py). components/grade_box.py puts
// before this file ORDER_SHOWN, the window event a named live view sends when the order on
// its screen changes (live_view.js, compare_view.js announceOrder: { name, order }), and
// LIST_TYPED, the one this box sends with a list typed into it (live_view.js takes it).
// Every text goes in as textContent or a textarea's value: never HTML.

const boxes = new WeakMap();  // parentElement -> controller: this function runs on every rerun
let boxCount = 0;  // for ids unique in the page

function make(tag, className) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  return element;
}

function sameOrder(a, b) {
  return Boolean(a && b) && a.length === b.length && a.every((label, i) => label === b[i]);
}

// The list in `order` (labels, top first): the twin of ListWords.text in
// ndcg_core/metric/parsing.py, with the words the server sent.
function listText(words, order) {
  const chosen = sameOrder(order, words.bare_order) ? words.bare : words.named;
  const place = new Map(words.labels.map((label, i) => [label, i]));
  return order.map((label) => chosen[place.get(label)]).join(words.separator);
}

function isPermutation(order, labels) {
  if (!Array.isArray(order) || order.length !== labels.length) return false;
  const known = new Set(labels);
  return new Set(order).size === order.length && order.every((label) => known.has(label));
}

function sameWords(a, b) {
  // The same list: each document's two words, and the order written bare (in any order).
  if (!a || !b || a.labels.length !== b.labels.length) return false;
  if (JSON.stringify(a.bare_order) !== JSON.stringify(b.bare_order)) return false;
  const place = new Map(a.labels.map((label, i) => [label, i]));
  return b.labels.every((label, j) => place.has(label)
    && a.bare[place.get(label)] === b.bare[j] && a.named[place.get(label)] === b.named[j]);
}

function showDirty(ctl) {
  ctl.hint.hidden = ctl.area.value === ctl.shown;
}

function commit(ctl) {
  // Sent once per change, as Streamlit's text area does: Ctrl+Enter, or leaving the box.
  if (ctl.area.value === ctl.shown) return;
  ctl.shown = ctl.area.value;
  // The server's text is now this one, whatever the list becomes (grade_editor.apply_typed_text),
  // also when its run does not redraw the box: a redraw must not put an older text back.
  ctl.given = ctl.area.value;
  showDirty(ctl);
  // The live view this box follows sends the list when its server takes it so (LIST_TYPED:
  // one run of that view's fragment, where the box's own trigger starts two); otherwise the
  // box sends it, as its state.
  if (ctl.data.follows) {
    const detail = { name: ctl.data.follows, text: ctl.area.value };
    if (!window.dispatchEvent(new CustomEvent(LIST_TYPED, { detail, cancelable: true }))) return;
  }
  ctl.nonce += 1;
  ctl.send("typed", { text: ctl.area.value, nonce: `${ctl.id}-${Date.now()}-${ctl.nonce}` });
}

function follow(ctl, detail) {
  // A live view changed the order it shows: if it holds this box's list, write it so, once
  // that view's frame is painted (its numbers first: a long list's text takes a layout).
  if (!ctl.data || !detail || detail.name !== ctl.data.follows) return;
  if (detail.words && !sameWords(detail.words, ctl.data.words)) {
    // A new list the view drew, which this box did not: one typed here (the Playground then
    // redraws that view alone). The box shows it as written; it follows its order from now.
    ctl.data = { ...ctl.data, words: detail.words };
    ctl.order = [...detail.words.labels];
  }
  const words = ctl.data.words;
  if (!words) return;
  if (!isPermutation(detail.order, words.labels)) return;
  const first = ctl.following === null;
  ctl.following = [...detail.order];
  if (!first) return;  // already waiting for that frame: the latest order is written
  requestAnimationFrame(() => setTimeout(() => {
    const order = ctl.following;
    ctl.following = null;
    const now = ctl.data.words;  // the server may have sent another list meanwhile
    if (!now || sameOrder(order, ctl.order) || !isPermutation(order, now.labels)) return;
    ctl.order = order;
    const text = listText(now, order);
    if (ctl.area.value !== text) ctl.area.value = text;
    ctl.shown = text;
    showDirty(ctl);
  }));
}

function create(parent) {
  boxCount += 1;
  const id = `gb-${boxCount}`;
  const root = make("div", "gb");
  const head = make("div", "gb-head");
  const label = make("label", "gb-label");
  label.htmlFor = `${id}-area`;
  const about = make("button", "gb-about");
  about.type = "button";
  about.textContent = "?";
  about.setAttribute("aria-expanded", "false");
  about.setAttribute("aria-controls", `${id}-help`);
  const help = make("p", "gb-help");
  help.id = `${id}-help`;
  help.hidden = true;
  const area = make("textarea", "gb-area");
  area.id = `${id}-area`;
  area.spellcheck = false;
  area.autocomplete = "off";
  const hint = make("p", "gb-hint");
  hint.id = `${id}-hint`;
  hint.hidden = true;
  area.setAttribute("aria-describedby", hint.id);
  head.append(label, about);
  root.append(head, help, area, hint);
  parent.append(root);
  const ctl = {
    id, root, label, about, help, area, hint, data: null, given: null, shown: "", order: null,
    nonce: 0, send: null, following: null, listener: null,
  };
  about.addEventListener("click", () => {
    help.hidden = !help.hidden;
    about.setAttribute("aria-expanded", String(!help.hidden));
  });
  area.addEventListener("input", () => showDirty(ctl));
  area.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      commit(ctl);
    }
  });
  area.addEventListener("blur", () => commit(ctl));
  ctl.listener = (event) => follow(ctl, event.detail);
  window.addEventListener(ORDER_SHOWN, ctl.listener);
  return ctl;
}

function show(ctl, data) {
  ctl.data = data;
  ctl.label.textContent = data.label;
  ctl.about.setAttribute("aria-label", `About ${data.label}`);
  ctl.help.textContent = data.help;
  ctl.hint.textContent = data.hint;
  ctl.area.rows = data.rows;
  if (data.text !== ctl.given) {  // the server's text changed: the box shows it
    ctl.given = data.text;
    if (ctl.area.value !== data.text) ctl.area.value = data.text;
    ctl.shown = data.text;
    ctl.order = data.words ? [...data.words.labels] : null;
  }
  showDirty(ctl);
}

export default function ({ data, parentElement, setStateValue }) {
  let ctl = boxes.get(parentElement);
  if (!ctl) {
    ctl = create(parentElement);
    boxes.set(parentElement, ctl);
  }
  ctl.send = setStateValue;
  show(ctl, data);
  return () => {
    // Only the last call's cleanup runs, and only once the element has left the page.
    if (ctl.root.isConnected) return;
    window.removeEventListener(ORDER_SHOWN, ctl.listener);
    boxes.delete(parentElement);
  };
}
