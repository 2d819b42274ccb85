// The play page: your hand as cards to tap (drag across for a run), the table, live.
// Everything shown comes from the server's JSON for this seat (its private view and the
// public table); every press sends the code a chat button would, stamped with the counter.
"use strict";
(() => {
  const root = document.getElementById("play");
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const base = root.dataset.base;
  const lang = root.dataset.lang;
  const status = document.getElementById("status");
  const tableArea = document.getElementById("table-area");
  const handArea = document.getElementById("hand-area");
  const message = document.getElementById("message");
  const RANKS = "3456789TJQKA2BR";
  const SUITS = { s: ["♠", "black"], h: ["♥", "red"], d: ["♦", "red"], c: ["♣", "black"] };
  const JOKERS = { B: ["小", "black"], R: ["大", "red"] };  // 小王, 大王
  const GROUPS = "ABC";
  let key = JSON.parse(root.dataset.key);
  let state = null;
  let selected = new Set();  // card codes chosen (ranks, card, keep)
  let groups = new Map();  // card code -> 1..3 (arrange)
  // The ways to make the selected play when the host asked which (its refusal's choices):
  // { action, counter, choices }; offered while the selection and the counter are the same.
  let ways = null;
  let sentAt = null;  // performance.now() of the last press, until the table it brings
  let clockAt = 0;  // performance.now() when the state (and its host clock "now") came
  const shared = window.paijuPlay = { state: null, latencies: [], updates: 0 };

  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const label = (name, values) => L[name].replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  const query = () => "?" + new URLSearchParams({ ...key, lang }).toString();
  const rankOf = (code) => (code.length === 2 ? code[0] : code);
  const byRank = (a, b) => RANKS.indexOf(rankOf(a)) - RANKS.indexOf(rankOf(b));
  const say = (text, refused) => {
    message.textContent = text || "";
    message.dataset.refused = refused ? "1" : "";
  };

  function card(code, extra) {
    const node = el(extra && extra.button ? "button" : "span", "pc");
    if (JOKERS[code]) {
      node.classList.add(JOKERS[code][1], "joker");
      node.append(el("span", "r", JOKERS[code][0]), el("span", "s", "王"));
    } else if (code.length === 2 && SUITS[code[1]]) {
      node.classList.add(SUITS[code[1]][1]);
      node.append(el("span", "r", code[0] === "T" ? "10" : code[0]),
                  el("span", "s", SUITS[code[1]][0]));
    } else {
      node.append(el("span", "r", code));
    }
    node.dataset.code = code;
    if (extra && extra.button) node.type = "button";
    return node;
  }

  function cardRow(codes, cls) {
    const row = el("div", "pcards" + (cls ? " " + cls : ""));
    for (const code of codes) row.append(card(code));
    return row;
  }

  // -- the table -------------------------------------------------------------------------
  function renderTable(s) {
    const t = s.table;
    tableArea.replaceChildren();
    tableArea.append(el("h2", "ptitle", s.title));
    const seats = el("div", "pseats");
    t.seats.forEach((seat, index) => {
      const box = el("div", "pseat" + (seat.turn ? " turn" : "") + (seat.me ? " me" : ""));
      box.dataset.seat = String(index);
      box.dataset.cards = seat.cards === null ? "" : String(seat.cards);
      const who = el("div", "who", (seat.turn ? "▶ " : "") + seat.name
                                   + (seat.me ? ` (${L.you})` : "") + (seat.ai ? " 🤖" : ""));
      if (seat.role) who.append(" ", el("span", "role", seat.role));
      box.append(who);
      if (seat.cards !== null) box.append(el("div", "count", label("cards", { count: seat.cards })));
      if (seat.left && seat.left.length) {  // at the end: its cards face up, as the live page
        box.append(cardRow(seat.left, "left"));
      }
      const played = t.plays[index] || [];
      if (played.length) {
        const row = cardRow(played, "played" + (t.latest === index ? " latest" : ""));
        box.append(row);
      }
      seats.append(box);
    });
    tableArea.append(seats);
    for (const row of t.rows) {
      const line = el("div", "prow");
      if (row.label) line.append(el("span", "label", row.label));
      if (row.groups.length) row.groups.forEach((g) => line.append(cardRow(g, "group")));
      else line.append(cardRow(row.cards));
      tableArea.append(line);
    }
    if (t.lines.length) {
      const list = el("ul", "plines");
      for (const text of t.lines) list.append(el("li", "", text));
      tableArea.append(list);
    }
  }

  // -- the hand --------------------------------------------------------------------------
  function build() {
    const p = state && state.me.prompt;
    return p ? p.build : null;
  }

  function selectionAction() {
    const b = build();
    const codes = [...selected].sort(byRank);
    if (b === "ranks") return codes.length ? "play " + codes.map(rankOf).join("") : null;
    if (b === "card") return codes.length === 1 ? "play " + codes[0] : null;
    if (b === "keep") return codes.length ? "keep " + codes.join(" ") : null;
    if (b === "groups") {
      const parts = [1, 2, 3].map((g) => state.me.hand.filter((c) => groups.get(c) === g).join(""));
      return parts.every((part) => part) ? "arrange " + parts.join("|") : null;
    }
    return null;
  }

  // Tap to select, drag across to select a run: the first card says select or unselect.
  let drag = null;
  function onDown(event) {
    const node = event.target.closest(".pc[data-code]");
    if (!node || !handArea.contains(node)) return;
    event.preventDefault();
    if (node.hasPointerCapture && node.hasPointerCapture(event.pointerId)) {
      node.releasePointerCapture(event.pointerId);
    }
    const code = node.dataset.code;
    if (build() === "groups") {
      drag = { code, moved: false, groups: true };
      return;
    }
    const on = !selected.has(code);
    drag = { on, seen: new Set([code]) };
    toggle(code, on);
  }
  function onMove(event) {
    if (!drag) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    if (drag.groups) {
      drag.moved = drag.moved || !(under && under.closest(`.pc[data-code="${drag.code}"]`));
      return;
    }
    const node = under && under.closest("#hand-area .hand .pc[data-code]");
    if (node && !drag.seen.has(node.dataset.code)) {
      drag.seen.add(node.dataset.code);
      toggle(node.dataset.code, drag.on);
    }
  }
  function onUp(event) {
    if (!drag) return;
    const done = drag;
    drag = null;
    if (!done.groups) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const zone = under && under.closest(".zone[data-group]");
    if (zone && done.moved) {
      groups.set(done.code, Number(zone.dataset.group));
    } else if (!done.moved) {  // a tap: the next group (A, B, C, none)
      const now = groups.get(done.code) || 0;
      if (now === 3) groups.delete(done.code); else groups.set(done.code, now + 1);
    }
    renderHand();
  }
  function toggle(code, on) {
    if (on) selected.add(code); else selected.delete(code);
    const node = handArea.querySelector(`.hand .pc[data-code="${code}"]`);
    if (node) node.classList.toggle("sel", on);
    if (ways && !openWays()) { ways = null; renderHand(); return; }  // another selection
    updatePlay();
  }

  function openWays() {
    const open = ways && state && ways.counter === state.counter
      && ways.action === selectionAction();
    return open ? ways.choices : null;
  }
  handArea.addEventListener("pointerdown", onDown);
  document.addEventListener("pointermove", onMove);
  document.addEventListener("pointerup", onUp);
  document.addEventListener("pointercancel", () => { drag = null; });

  function updatePlay() {
    const play = document.getElementById("act-play");
    if (play) play.disabled = !selectionAction();
  }

  function button(id, text, onclick, style) {
    const node = el("button", "pbtn" + (style ? " " + style : ""), text);
    node.type = "button";
    if (id) node.id = id;
    node.addEventListener("click", onclick);
    return node;
  }

  function renderHand() {
    const me = state.me;
    const p = me.prompt;
    handArea.replaceChildren();
    const hand = el("div", "hand" + (me.hand.length > 12 ? " many" : ""));
    const grouping = p && p.build === "groups";
    // The seat's Sort: small→big ("up") or big→small ("down"), equal ranks as dealt.
    const ordered = me.hand.map((code, i) => [code, i]).sort(
      (a, b) => (me.order === "down" ? -1 : 1) * byRank(a[0], b[0]) || a[1] - b[1]);
    // Marked: as many of each code as were taken from the bottom (two decks: not every copy).
    const marks = new Map();
    for (const code of me.marked) marks.set(code, (marks.get(code) || 0) + 1);
    for (const [code] of ordered) {
      if (grouping && groups.get(code)) continue;
      const node = card(code, { button: true });
      if (selected.has(code)) node.classList.add("sel");
      if (marks.get(code) > 0) {
        marks.set(code, marks.get(code) - 1);
        node.classList.add("marked");
      }
      hand.append(node);
    }
    handArea.append(hand);
    if (grouping) {
      const zones = el("div", "zones");
      [1, 2, 3].forEach((g) => {
        const zone = el("div", "zone");
        zone.dataset.group = String(g);
        zone.append(el("div", "label", label("group", { name: GROUPS[g - 1] })));
        const row = el("div", "pcards");
        for (const code of me.hand.filter((c) => groups.get(c) === g)) {
          row.append(card(code, { button: true }));
        }
        zone.append(row);
        zones.append(zone);
      });
      handArea.append(zones);
    } else if (me.groups.length) {  // a sealed arrangement
      const zones = el("div", "zones sealed");
      for (const [name, cards] of me.groups) {
        const zone = el("div", "zone");
        zone.append(el("div", "label", label("group", { name })), cardRow(cards.split(" ")));
        zones.append(zone);
      }
      handArea.append(zones);
    }
    if (p && p.deadline) {
      const timer = el("p", "ptimer");
      timer.id = "timer";
      handArea.append(timer);
      tick();
    }
    const lines = el("ul", "mylines");
    for (const text of me.lines) lines.append(el("li", "", text));
    handArea.append(lines);
    const open = p && openWays();
    if (open) handArea.append(wayPicker(open));
    const controls = el("div", "pcontrols");
    if (p) {
      if (p.build && !open) {  // with the ways offered, Play is one of them
        controls.append(button("act-play", p.build === "groups" ? L.confirm : L.play, () => {
          const action = selectionAction();
          if (action) send(action); else say(L.nothing_selected, true);
        }, "primary"));
      }
      for (const choice of p.choices) {
        const isPass = choice.action === "pass";
        // A pass in play reads Pass (不出); elsewhere its own words (a bid's No bid, 不叫).
        const word = isPass && p.kind === "play" ? L.pass : choice.label;
        controls.append(button(isPass ? "act-pass" : "", word,
                               () => send(choice.action), isPass ? "pass" : "choice"));
      }
      if (p.build && (selected.size || groups.size)) {
        controls.append(button("act-clear", L.clear, () => {
          selected.clear(); groups.clear(); renderHand();
        }));
      }
    }
    for (const b of me.buttons) {
      if (b.code === "!hint") controls.append(button("act-hint", L.hint, () => send("!hint")));
      else controls.append(button("", b.label, () => send(b.code), b.style));
    }
    if (me.hand.length > 1 && me.buttons.some((b) => b.code === "!hint")) {
      controls.append(button("act-sort", L.sort, () => send("!sort")));
    }
    handArea.append(controls);
    if (p && p.suggestions.length) {
      const row = el("div", "psuggest");
      for (const s of p.suggestions) {
        row.append(button("", "▶ " + s.label, () => send(s.action), "suggestion"));
      }
      handArea.append(row);
    }
    if (p && p.build) {
      handArea.append(el("p", "help", p.build === "groups" ? L.groups_help : L.select_help));
    } else if (!p && state.phase === "playing") {
      handArea.append(el("p", "help", L.waiting));
    }
    updatePlay();
  }

  // The ways to make the selected play, a button each (the host asked which one).
  function wayPicker(choices) {
    const box = el("div", "pways");
    box.id = "ways";
    box.setAttribute("role", "group");
    const question = el("p", "pways-q", L.which_way);
    question.id = "ways-q";
    box.setAttribute("aria-labelledby", question.id);
    box.append(question);
    const list = el("div", "pways-list");
    for (const choice of choices) {
      const node = button("", label("play_way", { label: choice.label }),
                          () => send(choice.action), "way");
      node.dataset.action = choice.action;
      list.append(node);
    }
    box.append(list);
    return box;
  }

  // The turn timer, counted down here from the host's deadline and clock.
  function tick() {
    const timer = document.getElementById("timer");
    const p = state && state.me.prompt;
    if (!timer || !p || !p.deadline) return;
    const left = p.deadline - state.now - (performance.now() - clockAt) / 1000;
    timer.textContent = label("timer", { seconds: Math.max(0, Math.round(left)) });
  }
  setInterval(tick, 1000);

  // A hinted move, selected on the hand (its Play then plays it in one tap).
  function selectAction(action) {
    if (!action || !state) return;
    const hand = state.me.hand;
    selected.clear();
    groups.clear();
    if (action.startsWith("arrange ")) {
      action.slice(8).split("|").forEach((part, index) => {
        for (let i = 0; i + 2 <= part.length; i += 2) groups.set(part.slice(i, i + 2), index + 1);
      });
    } else if (action.startsWith("play ") && build() === "ranks") {
      for (const rank of action.slice(5).replace(/\s/g, "")) {
        const code = hand.find((c) => rankOf(c) === rank && !selected.has(c));
        if (code) selected.add(code);
      }
    } else if (action.startsWith("play ") || action.startsWith("keep ")) {
      for (const code of action.slice(5).split(" ")) if (hand.includes(code)) selected.add(code);
    }
    renderHand();
  }

  function render(next) {
    if (state && next.counter < state.counter) return;  // an older state
    const changed = !state || next.counter !== state.counter;
    const handChanged = !state || next.me.hand.join() !== state.me.hand.join()
      || (next.me.prompt && next.me.prompt.build) !== build();
    const sameMe = state && JSON.stringify(state.me) === JSON.stringify(next.me);
    const sameTable = state && JSON.stringify(state.table) === JSON.stringify(next.table)
      && state.title === next.title;
    state = shared.state = next;
    clockAt = performance.now();
    root.dataset.counter = String(next.counter);
    root.dataset.phase = next.phase;
    if (changed && ways) ways = null;  // the table moved on: a way chosen now would be stale
    if (handChanged) {
      selected = new Set([...selected].filter((c) => next.me.hand.includes(c)));
      for (const c of [...groups.keys()]) if (!next.me.hand.includes(c)) groups.delete(c);
      if (!next.me.prompt) { selected.clear(); groups.clear(); }
    }
    if (!sameTable) renderTable(next);
    if (!sameMe || (changed && handArea.querySelector("#ways"))) renderHand();
    // (unchanged: the cards under a finger stay the same nodes)
    if (changed) {
      shared.updates += 1;
      root.dataset.updates = String(shared.updates);
      if (sentAt !== null) {
        shared.latencies.push(performance.now() - sentAt);
        sentAt = null;
      }
    }
  }

  // The ways to make the play `code` replace Play until one is pressed (or the selection
  // or the table changes); the first takes the focus, the picker comes into view.
  function offerWays(code, choices) {
    ways = { action: code, counter: state.counter, choices };
    renderHand();
    const box = document.getElementById("ways");
    if (!box) return;  // the selection moved on meanwhile
    box.querySelector(".way").focus({ preventScroll: true });
    box.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  async function send(code) {
    if (!state) return;
    say("");
    const hadWays = ways !== null;
    ways = null;
    sentAt = performance.now();
    let reply;
    try {
      const response = await fetch(base + "/act" + query(), {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code, counter: state.counter }),
      });
      reply = await response.json();
    } catch (error) {
      sentAt = null;
      say(L.lost, true);
      return;
    }
    if (reply.ok && /^(play|arrange|keep) /.test(code)) { selected.clear(); groups.clear(); }
    if (reply.state) render(reply.state);
    if (!reply.ok && reply.choices && reply.choices.length && state) {
      offerWays(code, reply.choices);  // not refused outright: asked which way
    } else {
      if (hadWays) renderHand();  // the ways pressed (or passed over) go
      if (reply.error) say(reply.error, true);
      else if (!reply.ok) say(reply.text, true);
      else if (code === "!hint") { say(reply.text); selectAction(reply.action); }
    }
    if (!reply.ok) sentAt = null;
  }

  function refuse(text) {
    status.textContent = "";
    status.dataset.state = "refused";
    say(text, true);
    root.dataset.refused = "1";
  }

  function listen() {
    if (!window.EventSource) return;
    const source = new EventSource(base + "/events" + query());
    source.onopen = () => { status.textContent = L.live; status.dataset.state = "live"; };
    source.onerror = () => { status.textContent = L.lost; status.dataset.state = "lost"; };
    source.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.state) render(data.state);
      else if (data.error) { source.close(); refuse(data.error); }
    };
  }

  async function start() {
    if (root.dataset.telegram) {  // Telegram puts its signed init data in the fragment
      const initData = new URLSearchParams(location.hash.slice(1)).get("tgWebAppData");
      if (!initData) { refuse(L.no_telegram); return; }
      const response = await fetch(base + "/auth?lang=" + lang, { method: "POST", body: initData });
      const reply = await response.json();
      if (!reply.ok) { refuse(reply.error); return; }
      key = reply.key;
    }
    const response = await fetch(base + "/state" + query());
    const reply = await response.json();
    if (!reply.ok) { refuse(reply.error); return; }
    render(reply.state);
    listen();
  }
  start();
})();
