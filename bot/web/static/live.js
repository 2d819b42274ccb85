// Live table: the server pushes the public table (HTML it rendered and escaped) on each move.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("live");
  const status = document.getElementById("status");
  if (!root || !window.EventSource) return;
  let counter = -2;
  const source = new EventSource(root.dataset.events);
  source.onopen = () => { status.textContent = root.dataset.live; status.dataset.state = "live"; };
  source.onerror = () => { status.textContent = root.dataset.lost; status.dataset.state = "lost"; };
  source.onmessage = (event) => {
    const update = JSON.parse(event.data);
    if (update.counter !== -1 && update.counter < counter) return;  // an older table
    counter = update.counter;
    root.innerHTML = update.html;
    root.dataset.updates = String(Number(root.dataset.updates || "0") + 1);
  };
});
