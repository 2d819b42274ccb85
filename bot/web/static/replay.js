// Replay: one step shown at a time; ← → (or the buttons) step, Home/End jump; #step-N links.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("replay");
  if (!root) return;
  const steps = Array.from(root.querySelectorAll("section.step"));
  const last = steps.length - 1;
  const position = document.getElementById("position");
  let current = 0;
  function show(index, initial) {
    current = Math.max(0, Math.min(last, index));
    steps.forEach((step, i) => { step.hidden = i !== current; });
    position.textContent = current + " / " + last;
    root.dataset.current = String(current);
    if (!initial) history.replaceState(null, "", "#step-" + current);
  }
  const from = /^#step-(\d+)$/.exec(location.hash);
  show(from ? Number(from[1]) : 0, true);
  // The page opens at its title and controls, a #step-N link too (not at the step itself).
  window.addEventListener("load", () => window.scrollTo(0, 0));
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(current - 1));
  document.getElementById("next").addEventListener("click", () => show(current + 1));
  document.getElementById("last").addEventListener("click", () => show(last));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last,
                    j: current + 1, k: current - 1, " ": current + 1 };
    if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }
  });
  // The analysis links go to a step (#step-N): shown at once, the page at the controls.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.goto");
    if (!link) return;
    const to = /^#step-(\d+)$/.exec(link.getAttribute("href") || "");
    if (!to) return;
    event.preventDefault();
    show(Number(to[1]));
    root.scrollIntoView();
  });
  // Being analysed: ask for the analysis until it is kept, then put it in place.
  const pending = document.querySelector("#teach[data-pending]");
  if (pending) {
    const url = location.pathname + "/teach" + location.search;
    const ask = () => fetch(url, { cache: "no-store" }).then((response) => {
      if (response.status === 202) { setTimeout(ask, 2000); return null; }
      return response.ok ? response.text() : null;
    }).then((html) => {
      if (html) document.getElementById("teach").outerHTML = html;
    }).catch(() => setTimeout(ask, 5000));
    setTimeout(ask, 1500);
  }
});
