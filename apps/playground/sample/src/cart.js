// @ts-check
import { applyDiscount } from "./discount.js";

/**
 * @typedef {{ name: string, cents: number, quantity: number }} LineItem
 */

/**
 * The subtotal of a cart in cents.
 * @param {readonly LineItem[]} items
 * @returns {number}
 */
export function subtotal(items) {
  return items.reduce((sum, item) => sum + item.cents * item.quantity, 0);
}

/**
 * What the customer pays: the subtotal after the discount code's percentage.
 * @param {readonly LineItem[]} items
 * @param {number} [discountPercent]
 * @returns {number}
 */
export function checkoutTotal(items, discountPercent = 0) {
  return applyDiscount(subtotal(items), discountPercent);
}
