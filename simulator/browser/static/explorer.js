// The explorer page: GraphiQL with the explorer plugin on one endpoint of this simulator.
// Settings come from data- attributes of #bar (the page's CSP allows no inline script).
// The token lives in this closure only: never in a URL, a cookie or the browser's storage.
(function () {
  "use strict";
  var bar = document.getElementById("bar");
  var endpoint = bar.dataset.endpoint;
  // A token the page came with (the dashboard's explorer of a signed-in project), else none.
  var token = bar.dataset.token || null;
  var status = document.getElementById("token-status");
  if (token) { status.textContent = bar.dataset.tokenNote; status.className = "ok"; }
  var cost = document.getElementById("cost");

  function say(element, text, kind) {
    element.textContent = text;
    element.className = kind || "";
  }

  function showCost(extensions) {
    var figures = extensions && extensions.cost;
    if (!figures) { say(cost, ""); return; }
    var limits = figures.limits || {};
    var parts = [
      "complexity " + figures.complexity + "/" + limits.complexity,
      "depth " + figures.depth + "/" + limits.depth,
      "top-level " + figures.topLevelFields + "/" + limits.topLevelFields,
    ];
    if (figures.rateLimit) {
      parts.push("rate " + figures.rateLimit.remaining + "/" + figures.rateLimit.limit +
                 " left (resets in " + figures.rateLimit.resetSeconds + " s)");
    }
    var exceeded = figures.exceeded && figures.exceeded.length;
    say(cost, parts.join(" · "), exceeded ? "error" : "");
  }

  async function fetcher(params) {
    var headers = { "Content-Type": "application/json", "Accept": "application/json" };
    if (token) { headers.Authorization = "Bearer " + token; }
    var response = await fetch(endpoint, {
      method: "POST", headers: headers, body: JSON.stringify(params), credentials: "omit",
    });
    var body = await response.json();
    showCost(body.extensions);
    if (response.status === 401) { say(status, "Token refused (401): get a new one.", "error"); }
    return body;
  }

  async function getToken(event) {
    event.preventDefault();
    var form = new URLSearchParams();
    form.set("grant_type", "client_credentials");
    form.set("client_id", document.getElementById("client-id").value.trim());
    form.set("client_secret", document.getElementById("client-secret").value.trim());
    var response = await fetch(bar.dataset.tokenUrl, {
      method: "POST", body: form, credentials: "omit",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    var body = await response.json().catch(function () { return {}; });
    if (response.ok && body.access_token) {
      token = body.access_token;
      document.getElementById("client-secret").value = "";
      say(status, "Project token for " + form.get("client_id") + ", valid " +
          body.expires_in + " s of virtual time.", "ok");
    } else {
      say(status, "No token: " + (body.error_description || body.error || response.status), "error");
    }
  }

  function usePastedToken() {
    var field = document.getElementById("pasted-token");
    token = field.value.trim() || null;
    field.value = "";
    say(status, token ? "Using the pasted token." : "No token.", token ? "ok" : "");
  }

  document.getElementById("token-form").addEventListener("submit", getToken);
  var useButton = document.getElementById("use-token");
  if (useButton) { useButton.addEventListener("click", usePastedToken); }

  // The schema comes from the SDL route, so the docs and the explorer work before any token.
  fetch(bar.dataset.schemaUrl, { credentials: "omit" })
    .then(function (response) { return response.text(); })
    .then(function (sdl) {
      var schema = GraphiQL.GraphQL.buildSchema(sdl);
      var explorer = GraphiQLPluginExplorer.explorerPlugin();
      var root = ReactDOM.createRoot(document.getElementById("graphiql"));
      root.render(React.createElement(GraphiQL, {
        fetcher: fetcher,
        schema: schema,
        plugins: [explorer],
        defaultQuery: bar.dataset.defaultQuery,
        shouldPersistHeaders: false,
      }));
    });
})();
