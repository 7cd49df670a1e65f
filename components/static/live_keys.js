// The live view's reordering buttons under its list (components/live_view.py, reorder_keys):
// a document picker with Up and Down, then Ideal order, Reverse and Shuffle. Up, Down,
// Reverse and Shuffle move the chips here and repaint as a drop does (`moved`, live_view.js).
// Ideal order sends the order shown to the server: the core puts it in its ideal order, so
// its tie rule (equal grades keep their places) is written there only.
// Every text goes in as textContent: never HTML.

function createKeys(ctl) {
  const box = make("div", "lv-keys");
  box.setAttribute("role", "group");
  box.hidden = true;
  const move = make("div", "lv-move");
  const label = make("label", "lv-move-label");
  const labelText = make("span");
  const select = make("select", "lv-move-select");
  label.append(labelText, select);
  const up = keyButton("↑");
  const down = keyButton("↓");
  move.append(label, up, down);
  const orders = make("div", "lv-orders");
  box.append(move, orders);
  up.addEventListener("click", () => moveChosen(ctl, -1));
  down.addEventListener("click", () => moveChosen(ctl, 1));
  orders.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && orders.contains(button)) reorderBy(ctl, button.dataset.order);
  });
  return { box, select, labelText, up, down, orders, choices: null, orderWords: null };
}

function keyButton(arrow) {
  // A button with an arrow a screen reader skips, then its word (set by showKeys).
  const button = make("button", "lv-key");
  button.type = "button";
  const mark = make("span", "lv-key-arrow");
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = arrow;
  button.append(mark, make("span"));
  return button;
}

function showKeys(ctl, keys) {
  // The server's words and documents; the picked document stays picked while it is listed.
  const k = ctl.keys;
  k.box.hidden = !keys;
  if (!keys) return;
  k.box.setAttribute("aria-label", keys.group);
  setText(k.labelText, keys.move);
  setText(k.up.lastChild, keys.up);
  setText(k.down.lastChild, keys.down);
  const choices = JSON.stringify(keys.choices);
  if (choices !== k.choices) {
    const kept = k.select.value;
    k.select.replaceChildren(...keys.choices.map(([id, name]) => {
      const option = make("option");
      option.value = id;
      option.textContent = name;
      return option;
    }));
    if (keys.choices.some(([id]) => id === kept)) k.select.value = kept;
    k.choices = choices;
  }
  const orders = JSON.stringify(keys.orders);
  if (orders !== k.orderWords) {
    k.orders.replaceChildren(...keys.orders.map(([name, label, help]) => {
      const button = make("button", "lv-key");
      button.type = "button";
      button.dataset.order = name;
      button.title = help;
      button.textContent = label;
      return button;
    }));
    k.orderWords = orders;
  }
}

function moveChosen(ctl, steps) {
  // The picked document one place up or down; at either end it stays where it is.
  const id = ctl.keys.select.value;
  const li = Array.from(ctl.list.children).find((item) => item.dataset.id === id);
  const neighbour = li && (steps < 0 ? li.previousElementSibling : li.nextElementSibling);
  if (!neighbour) return;
  if (steps < 0) { li.after(neighbour); } else { li.before(neighbour); }
  li.scrollIntoView({ block: "nearest", inline: "nearest" });
  moved(ctl, li);
}

function reorderBy(ctl, name) {
  const chips = Array.from(ctl.list.children);
  if (name === "ideal") {
    // The order shown counts as sent: a drop's send still waiting for its frame is then
    // not sent after this request, which would undo the ideal order the server answers.
    const shown = chipIds(ctl.list);
    ctl.sent = [JSON.stringify(shown)];
    ctl.resent = null;
    ctl.send("ideal", shown);
    return;
  }
  if (name === "reverse") chips.reverse();
  if (name === "shuffle") {
    for (let i = chips.length - 1; i > 0; i -= 1) {  // Fisher-Yates
      const j = Math.floor(Math.random() * (i + 1));
      [chips[i], chips[j]] = [chips[j], chips[i]];
    }
  }
  ctl.list.replaceChildren(...chips);
  moved(ctl, null);
}
