// @ts-check

/**
 * The price after a percentage discount, rounded to whole cents.
 * @param {number} cents the price before the discount
 * @param {number} percent the discount, 0 to 100
 * @returns {number}
 */
export function applyDiscount(cents, percent) {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be between 0 and 100, got ${percent}`);
  }
  return Math.round((cents * percent) / 100);
}
