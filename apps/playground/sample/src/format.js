// @ts-check

/**
 * Cents as a price label, e.g. 1999 -> "$19.99".
 * @param {number} cents
 * @returns {string}
 */
export function formatPrice(cents) {
  return `$${(cents / 100).toFixed(2)}`;
}
