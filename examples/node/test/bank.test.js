// The partner's tests, against the simulator `run.js` started (its ready file: the URLs
// and the demo project's credentials).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, test } from "node:test";

import { Bank, projectToken } from "../src/bank.js";

const sandbox = JSON.parse(readFileSync(process.env.SIMULATOR_READY_FILE, "utf8"));
let bank;

before(async () => {
  const token = await projectToken(sandbox.token_url, sandbox.client_id, sandbox.client_secret);
  bank = new Bank(sandbox.sandbox_url, token);
});

test("the demo project sees the default dataset's accounts", async () => {
  const names = (await bank.accounts()).map((account) => account.name).sort();
  assert.deepEqual(names, ["Ada's current account", "Alan's current account",
                           "Analytical Engines main account"]);
});

test("a wrong secret gets no token", async () => {
  await assert.rejects(projectToken(sandbox.token_url, sandbox.client_id, "wrong"), /token: 401/);
});

test("a webhook subscription to an in-process inbox", async () => {
  const answer = await bank.subscribe("inbox://node-app", "s3cret", ["Account.Created"]);
  assert.equal(answer.__typename, "WebhookSubscriptionSuccessPayload");
});
