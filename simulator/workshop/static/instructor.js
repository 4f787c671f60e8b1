// The instructor's view (simulator/workshop/instructor.py): the table's body fetched again
// every few seconds, while the page is shown; no reload, so the forms above keep what the
// trainer typed.
"use strict";

const EVERY_MS = 5000;

async function refresh(body, note) {
  if (document.hidden) return;
  try {
    const answer = await fetch("/workshop/rows", { headers: { Accept: "text/html" } });
    if (answer.status === 401) {
      note.textContent = "Signed out: open a new sign-in link to see the room again.";
      return "stop";
    }
    if (!answer.ok) throw new Error("HTTP " + answer.status);
    body.innerHTML = await answer.text();
    note.textContent = "Refreshed at " + new Date().toLocaleTimeString() + ".";
    note.dataset.refreshes = String(Number(note.dataset.refreshes || 0) + 1);
  } catch (error) {
    note.textContent = "Cannot reach the server (" + error.message + "): trying again.";
  }
}

function start() {
  const body = document.getElementById("learners");
  const note = document.getElementById("refreshed");
  if (!body || !note) return;
  const timer = setInterval(async () => {
    if ((await refresh(body, note)) === "stop") clearInterval(timer);
  }, EVERY_MS);
}

start();
