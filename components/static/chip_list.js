// What the drag list (sortable_list.js) and the live view (live_view.js) share: a list of
// chips reordered by mouse, finger (a long press) or Alt+Arrow keys, drawn from the server's
// items without losing the reader's focus, and each new order sent once. Each component's
// Python module puts `Sortable` (the vendored SortableJS) and then this file before its own.
// A controller `ctl` holds: list (the <ul>), send (the trigger setter), dragging, deferred,
// sent (orders sent, newest last) and resent.

let chipRefocus = null;  // {id, until}: a keyboard move whose list was re-mounted by the rerun

function chipIds(list) {
  return Array.from(list.children, (li) => li.dataset.id);
}

function chipFocusedIn(list) {
  // The list lives in a shadow root (the component isolates its styles), where
  // document.activeElement is only the root's host: ask the root itself.
  const active = list.getRootNode().activeElement;
  return active && list.contains(active) ? active : null;
}

// Makes ctl.list reorderable; moved(li, byKey) runs after each move, on the order shown, and
// render(ctl, data) draws a server answer held back while a drag was under way. preview(),
// if given, runs while a drag goes on, each time it changes the order under the pointer.
function chipSortable(ctl, classes, moved, render, preview = null) {
  ctl.sortable = Sortable.create(ctl.list, {
    animation: 120,
    // A finger drags after a long press (a quarter second held still); a swipe across the
    // list scrolls the page, as it does everywhere else. A mouse drags at once.
    delay: 250,
    delayOnTouchOnly: true,
    touchStartThreshold: 6,
    // Touch and mouse events, not pointer events: a swipe that scrolls the page ends in a
    // pointercancel, which SortableJS (with the browser's own drag and drop, as in Chromium)
    // does not treat as the end of a press, so it stayed "pressed" and no later drag started.
    supportPointer: false,
    ghostClass: classes.ghost,
    chosenClass: classes.chosen,
    onStart: () => { ctl.dragging = true; },
    onChange: () => { if (preview) preview(); },
    onUpdate: (event) => { ctl.deferred = null; moved(event.item, false); },
    onEnd: () => {
      ctl.dragging = false;
      if (ctl.deferred) render(ctl, ctl.deferred);
      ctl.deferred = null;
    },
  });
  ctl.list.addEventListener("keydown", (event) => {
    const li = event.target;
    if (li.parentNode !== ctl.list) return;
    const back = event.key === "ArrowUp" || event.key === "ArrowLeft";
    const forward = event.key === "ArrowDown" || event.key === "ArrowRight";
    if (!back && !forward) return;
    const neighbour = back ? li.previousElementSibling : li.nextElementSibling;
    event.preventDefault();
    if (!neighbour) return;
    if (!event.altKey) { neighbour.focus(); return; }
    // Move the neighbour, not the focused item, so focus never leaves it.
    if (back) { li.after(neighbour); } else { li.before(neighbour); }
    li.scrollIntoView({ block: "nearest", inline: "nearest" });
    chipRefocus = { id: li.dataset.id, until: performance.now() + 5000 };
    moved(li, true);
  });
}

function sendChipOrder(ctl) {
  const ids = chipIds(ctl.list);
  ctl.sent = [...ctl.sent.slice(-9), JSON.stringify(ids)];
  ctl.send("order", ids);
}

// Whether the server's items answer an order already superseded; then the newest order is
// sent once more (a rerun under way can swallow the event that followed it; a repeat is
// harmless) and the answer is not drawn.
function chipAnswerIsStale(ctl, ids) {
  const sent = ctl.sent.indexOf(JSON.stringify(ids));
  if (sent >= 0 && sent < ctl.sent.length - 1) {
    const latest = ctl.sent[ctl.sent.length - 1];
    if (ctl.resent !== latest) {
      ctl.resent = latest;
      ctl.send("order", JSON.parse(latest));
    }
    return true;
  }
  ctl.sent = [];
  ctl.resent = null;
  return false;
}

// Puts the server's items ([id, text] pairs) in the list, reusing each id's chip; texts go
// in as textContent, never HTML. Focus stays on the chip that had it.
function placeChips(ctl, items, classes) {
  const old = new Map(Array.from(ctl.list.children, (li) => [li.dataset.id, li]));
  const wanted = items.map(([id, text]) => {
    let li = old.get(id);
    if (!li) {
      li = document.createElement("li");
      li.className = classes.item;
      li.tabIndex = 0;
      li.dataset.id = id;
      li.append(document.createElement("span"));
      li.firstChild.className = classes.text;
    }
    if (li.firstChild.textContent !== text) li.firstChild.textContent = text;
    return li;
  });
  const current = ctl.list.children;
  if (wanted.length !== current.length || wanted.some((li, i) => current[i] !== li)) {
    // Moving a node out of the document blurs it: give focus back to the chip that had it,
    // so a server answer arriving between two Alt+Arrow presses never drops the reader's place.
    const focused = chipFocusedIn(ctl.list);
    ctl.list.replaceChildren(...wanted);
    if (focused && wanted.includes(focused)) focused.focus({ preventScroll: true });
  }
  return wanted;
}

// A re-mounted list (a new shadow root) leaves focus nowhere, on the page's body: give it
// back to the chip a keyboard move had just moved.
function refocusChip(wanted) {
  const lost = !document.activeElement || document.activeElement === document.body;
  if (chipRefocus && chipRefocus.until > performance.now() && lost) {
    const li = wanted.find((item) => item.dataset.id === chipRefocus.id);
    if (li) { li.focus(); chipRefocus = null; }
  }
}

// The component's entry point: one controller per element, kept across reruns.
function mountChips(controllers, parentElement, setTriggerValue, data, create, render) {
  let ctl = controllers.get(parentElement);
  if (!ctl) {
    ctl = create(parentElement);
    controllers.set(parentElement, ctl);
  }
  ctl.send = setTriggerValue;
  render(ctl, data);
  return () => {
    // Only the last call's cleanup runs, and only once the element has left the page.
    if (ctl.root.isConnected) return;
    ctl.sortable.destroy();
    controllers.delete(parentElement);
  };
}
