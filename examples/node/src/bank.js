// The partner's client: global fetch, nothing of the simulator (only the URLs change
// between the simulator and the real API).

export async function projectToken(tokenUrl, clientId, clientSecret) {
  const answer = await fetch(tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  if (!answer.ok) throw new Error(`token: ${answer.status} ${await answer.text()}`);
  return (await answer.json()).access_token;
}

export class Bank {
  constructor(graphqlUrl, token) {
    this.graphqlUrl = graphqlUrl;
    this.token = token;
  }

  async graphql(query, variables = {}) {
    const answer = await fetch(this.graphqlUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = await answer.json();
    if (!answer.ok || body.errors) throw new Error(JSON.stringify(body.errors ?? body));
    return body.data;
  }

  async accounts() {
    const data = await this.graphql("{ accounts(first: 20) { edges { node { id name IBAN } } } }");
    return data.accounts.edges.map((edge) => edge.node);
  }

  async subscribe(endpoint, secret, eventTypes) {
    const data = await this.graphql(
      `mutation Subscribe($input: AddWebhookSubscriptionInput!) {
        addWebhookSubscription(input: $input) {
          __typename ... on WebhookSubscriptionSuccessPayload { webhookSubscription { id } }
        }
      }`,
      { input: { label: "node app", endpoint, secret, eventTypes, status: "Enabled" } },
    );
    return data.addWebhookSubscription;
  }
}
