// The join page (simulator/workshop/join.py): a code in the URL's fragment (the handout's
// QR code) fills the form and leaves the address bar; each Copy button copies its value.
"use strict";

function fillFromFragment() {
  const field = document.getElementById("code");
  if (!field || location.hash.length < 2) return;
  field.value = decodeURIComponent(location.hash.slice(1));
  history.replaceState(null, "", location.pathname + location.search);
}

async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // A plain-http page of another host than loopback has no clipboard API: the old way.
  const area = document.createElement("textarea");
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

function wireCopyButtons() {
  const status = document.getElementById("copied");
  for (const button of document.querySelectorAll("button.copy")) {
    button.addEventListener("click", async () => {
      const value = document.getElementById(button.dataset.copy).textContent;
      try {
        await copyText(value);
        status.textContent = "Copied " + button.getAttribute("aria-label").slice(5) + ".";
      } catch (error) {
        status.textContent = "Cannot copy here: select the value and copy it.";
      }
    });
  }
  // Said once the buttons answer: a click before (a slow network) did nothing.
  if (status) status.dataset.ready = "yes";
}

fillFromFragment();
wireCopyButtons();
