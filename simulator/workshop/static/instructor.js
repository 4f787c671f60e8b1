// The instructor's view (simulator/workshop/instructor.py): the table's body fetched again
// every few seconds, while the page is shown; no reload, so the forms above keep what the
// trainer typed. Sorting (the header's buttons) and filtering (name, "stuck", "not
// started") happen here, on the rows' data- attributes, and again after each refresh; the
// per-exercise totals are counted here too. A room-wide action's progress line (#job) is
// followed from /workshop/job.json until the action ends.
"use strict";

const EVERY_MS = 5000;
const JOB_EVERY_MS = 500;
const state = { key: "name", descending: false };

function number(row, name, missing) {
  const value = row.dataset[name];
  return value === undefined || value === "" ? missing : Number(value);
}

// How two rows compare for the chosen key; ties by name, so the order never jumps.
function compare(a, b) {
  const byName = a.dataset.learner.localeCompare(b.dataset.learner, undefined, { numeric: true });
  let order = 0;
  if (state.key === "idle") {
    // Most recent first when ascending; never seen last either way.
    order = number(a, "idle", Infinity) - number(b, "idle", Infinity);
    if (Number.isNaN(order)) order = 0;
  } else if (state.key !== "name") {
    order = number(a, state.key, 0) - number(b, state.key, 0);
  }
  if (state.descending) order = -order;
  return order || (state.key === "name" && state.descending ? -byName : byName);
}

function shown(row, text, which) {
  if (text && !row.dataset.learner.includes(text)) return false;
  if (which === "stuck") return row.dataset.stuck === "1";
  if (which === "not-started") return row.dataset.requests === "0";
  if (which === "unfinished") return row.querySelector("td.todo, td.unknown") !== null;
  return true;
}

function totals(rows) {
  const table = document.getElementById("room");
  for (const cell of table.querySelectorAll("[data-total]")) {
    const index = cell.cellIndex;
    const done = rows.filter((row) => row.cells[index]?.classList.contains("done")).length;
    cell.textContent = done + "/" + rows.length;
  }
  const counts = document.getElementById("counts");
  if (counts) {
    const stuck = rows.filter((row) => row.dataset.stuck === "1").length;
    const idle = rows.filter((row) => row.dataset.requests === "0").length;
    counts.textContent = stuck + " stuck, " + idle + " not started";
  }
}

// Sort, filter and count the body's rows as the controls say.
function arrange() {
  const body = document.getElementById("learners");
  const rows = Array.from(body.rows);
  const text = document.getElementById("filter").value.trim().toLowerCase();
  const which = document.getElementById("show").value;
  rows.sort(compare);
  let visible = 0;
  for (const row of rows) {
    row.hidden = !shown(row, text, which);
    if (!row.hidden) visible += 1;
    body.appendChild(row);
  }
  document.getElementById("shown").textContent = "Showing " + visible + " of " + rows.length + ".";
  // On the column's header (where ARIA reads it; its arrow is drawn there, not in the
  // button, whose name stays the column's).
  for (const button of document.querySelectorAll("th button[data-sort]")) {
    const header = button.parentElement;
    if (button.dataset.sort === state.key) {
      header.setAttribute("aria-sort", state.descending ? "descending" : "ascending");
    } else {
      header.removeAttribute("aria-sort");
    }
  }
  totals(rows);
}

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
    arrange();
    note.textContent = "Refreshed at " + new Date().toLocaleTimeString() + ".";
    note.dataset.refreshes = String(Number(note.dataset.refreshes || 0) + 1);
  } catch (error) {
    note.textContent = "Cannot reach the server (" + error.message + "): trying again.";
  }
}

// A room-wide action's progress, until it ends; then its message, and the rows at once.
async function follow(line, body, note) {
  try {
    const answer = await fetch("/workshop/job.json", { headers: { Accept: "application/json" } });
    if (!answer.ok) throw new Error("HTTP " + answer.status);
    const { job } = await answer.json();
    if (!job) return;
    const bar = line.querySelector("progress");
    bar.max = job.total;
    bar.value = job.done;
    line.querySelector("span").textContent = job.text;
    if (job.finished) {
      line.dataset.running = "0";
      line.className = job.problem ? "problem" : "notice";
      bar.hidden = true;
      await refresh(body, note);
      return;
    }
  } catch (error) {
    line.querySelector("span").textContent = "Cannot reach the server: trying again.";
  }
  setTimeout(() => follow(line, body, note), JOB_EVERY_MS);
}

function start() {
  const body = document.getElementById("learners");
  const note = document.getElementById("refreshed");
  if (!body || !note) return;
  for (const button of document.querySelectorAll("th button[data-sort]")) {
    button.addEventListener("click", () => {
      const key = button.dataset.sort;
      // Names A-Z first; figures biggest first (most done, most errors), idle most recent.
      const biggestFirst = key === "done" || key === "errors" || key === "requests";
      state.descending = state.key === key ? !state.descending : biggestFirst;
      state.key = key;
      arrange();
    });
  }
  document.getElementById("filter").addEventListener("input", arrange);
  document.getElementById("show").addEventListener("change", arrange);
  arrange();
  const line = document.getElementById("job");
  if (line && line.dataset.running === "1") follow(line, body, note);
  const timer = setInterval(async () => {
    if ((await refresh(body, note)) === "stop") clearInterval(timer);
  }, EVERY_MS);
}

start();
