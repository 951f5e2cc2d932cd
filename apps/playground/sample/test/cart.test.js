import assert from "node:assert/strict";
import { test } from "node:test";
import { checkoutTotal, subtotal } from "../src/cart.js";
import { applyDiscount } from "../src/discount.js";
import { formatPrice } from "../src/format.js";

const cart = [
  { name: "notebook", cents: 450, quantity: 2 },
  { name: "pen", cents: 100, quantity: 1 },
];

test("subtotal adds every line", () => {
  assert.equal(subtotal(cart), 1000);
});

test("a 10% discount takes 10% off the price", () => {
  assert.equal(applyDiscount(1000, 10), 900);
});

test("no discount leaves the price alone", () => {
  assert.equal(checkoutTotal(cart), 1000);
});

test("checkout applies the discount code", () => {
  assert.equal(checkoutTotal(cart, 25), 750);
});

test("prices are shown in dollars", () => {
  assert.equal(formatPrice(checkoutTotal(cart, 25)), "$7.50");
});

test("refunds show the minus sign before the dollar sign", () => {
  assert.equal(formatPrice(-250), "-$2.50");
});
