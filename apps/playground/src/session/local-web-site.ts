import { type StandInWeb, startStandInWeb } from "@toolkit/web-fetch/test";

/** The page the sample's first search result points at, served by the local stand-in site. */
export const DISCOUNT_PAGE_URL = "https://docs.example.com/math/percentage-discount";

const DISCOUNT_PAGE = `<!doctype html>
<html lang="en">
<head><title>Percentage discounts: computing the sale price</title></head>
<body>
  <nav><a href="/">Docs home</a> · <a href="/math">Math</a> · <a href="/search">Search</a></nav>
  <div class="cookie-banner">We use cookies. <button>Accept all</button></div>
  <main>
    <article>
      <h1>Percentage discounts: computing the sale price</h1>
      <p>A discount of <em>percent</em> takes that share off the original price. The price the
      customer pays is what is left: <code>price × (100 − percent) / 100</code>.</p>
      <h2>Worked example</h2>
      <table>
        <thead><tr><th>Price</th><th>Discount</th><th>Amount off</th><th>Sale price</th></tr></thead>
        <tbody>
          <tr><td>$10.00</td><td>25%</td><td>$2.50</td><td>$7.50</td></tr>
          <tr><td>$80.00</td><td>10%</td><td>$8.00</td><td>$72.00</td></tr>
        </tbody>
      </table>
      <h2>A common bug</h2>
      <p>Returning <code>price × percent / 100</code> gives the amount taken off, not the sale
      price. In integer cents, round once, at the end: <code>Math.round(cents * (100 - percent) / 100)</code>.</p>
    </article>
  </main>
  <footer>© Example Docs · <a href="/privacy">Privacy</a></footer>
</body>
</html>`;

/**
 * A pretend web site on 127.0.0.1 serving the page behind the first search
 * result, so WebFetch runs for real (SSRF guard included) with no network.
 */
export function startLocalWebSite(): Promise<StandInWeb> {
  return startStandInWeb({ pages: { [DISCOUNT_PAGE_URL]: DISCOUNT_PAGE } });
}
