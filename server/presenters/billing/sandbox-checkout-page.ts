import type { SandboxCheckout } from '../../adapters/payments/sandbox/sandbox-provider.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function formatMinor(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-NG', { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    amount / 100,
  );
}

const styles = `
  :root { color-scheme: light dark; --bg: #f6f5fb; --card: #fff; --fg: #1d1a2b; --muted: #5f5b70; --border: #e2e0ea;
    --primary: #5b3fd6; --primary-fg: #fff; --warn-bg: #fff4d6; --warn-fg: #6b4b00; --warn-border: #f0c24b; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #16141f; --card: #1f1c2b; --fg: #f1effa; --muted: #b3aec6; --border: #34304a;
      --primary: #a996ff; --primary-fg: #16141f; --warn-bg: #3a2d05; --warn-fg: #ffe08a; --warn-border: #8a6a12; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--bg); color: var(--fg); }
  .banner { background: var(--warn-bg); color: var(--warn-fg); border-bottom: 2px solid var(--warn-border);
    padding: .75rem 1rem; text-align: center; font-weight: 700; letter-spacing: .04em; }
  .banner small { display: block; font-weight: 400; letter-spacing: 0; }
  main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
  .card { background: var(--card); border: 1px solid var(--border); border-radius: 1rem; padding: 1.5rem; }
  h1 { font-size: 1.1rem; margin: 0 0 .25rem; }
  .muted { color: var(--muted); font-size: .9rem; margin: 0; }
  .amount { font-size: 2rem; font-weight: 700; margin: 1rem 0 .25rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; margin: 1.25rem 0; font-size: .9rem; }
  dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
  .test-card { border: 1px dashed var(--border); border-radius: .75rem; padding: .75rem 1rem; font-family: ui-monospace, monospace; font-size: .9rem; }
  label { display: flex; gap: .5rem; align-items: flex-start; margin: 1rem 0; font-size: .9rem; }
  input[type=checkbox] { width: 1.1rem; height: 1.1rem; margin-top: .15rem; }
  .actions { display: grid; gap: .5rem; margin-top: 1.25rem; }
  button { font: inherit; font-weight: 600; border-radius: .6rem; padding: .7rem 1rem; border: 1px solid var(--border);
    background: transparent; color: var(--fg); cursor: pointer; }
  button.pay { background: var(--primary); color: var(--primary-fg); border-color: var(--primary); }
  button:focus-visible { outline: 3px solid var(--primary); outline-offset: 2px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<div class="banner" role="note">TEST MODE<small>Sandbox checkout: no real card is charged and no money moves.</small></div>
<main>${body}</main>
</body>
</html>`;
}

/**
 * The sandbox's checkout: plain HTML forms and no script (the CSP allows none inline). It is reached
 * by its reference alone, which the creator also sees in their transaction list, so it shows no
 * email.
 */
export function renderSandboxCheckout(
  checkout: SandboxCheckout,
  merchantName: string,
  actionBase: string,
): string {
  const amount = formatMinor(checkout.amount, checkout.currency);
  const details = `<dl>
  <dt>Merchant</dt><dd>${escapeHtml(merchantName)}</dd>
  <dt>For</dt><dd>${escapeHtml(checkout.description)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
</dl>`;
  if (checkout.status !== 'pending') {
    return page(
      `Checkout ${checkout.status} | ${merchantName} (test mode)`,
      `<div class="card">
  <h1>This checkout is finished</h1>
  <p class="muted">Status: ${escapeHtml(checkout.status)}</p>
  <p class="amount">${escapeHtml(amount)}</p>
  ${details}
  <form method="post" action="${escapeHtml(actionBase)}/cancel"><div class="actions"><button type="submit" class="pay">Return to ${escapeHtml(merchantName)}</button></div></form>
</div>`,
    );
  }
  return page(
    `Pay ${amount} to ${merchantName} (test mode)`,
    `<div class="card">
  <h1>Pay ${escapeHtml(merchantName)}</h1>
  <p class="muted">Sandbox payment provider</p>
  <p class="amount" aria-label="Amount">${escapeHtml(amount)}</p>
  ${details}
  <form method="post" action="${escapeHtml(actionBase)}/pay">
    <div class="test-card" aria-label="Test card">
      Test card 4084 0840 8408 4081<br>Expiry 12/30 &middot; CVV 408
    </div>
    <label><input type="checkbox" name="failRenewals" value="1"> Use a card that fails on renewal (to test failed renewals)</label>
    <div class="actions">
      <button type="submit" class="pay">Pay ${escapeHtml(amount)}</button>
      <div class="row">
        <button type="submit" formaction="${escapeHtml(actionBase)}/decline">Decline</button>
        <button type="submit" formaction="${escapeHtml(actionBase)}/cancel">Cancel</button>
      </div>
    </div>
  </form>
</div>`,
  );
}

export function renderSandboxNotFound(): string {
  return page(
    'Checkout not found (test mode)',
    '<div class="card"><h1>Checkout not found</h1><p class="muted">This sandbox checkout does not exist.</p></div>',
  );
}
