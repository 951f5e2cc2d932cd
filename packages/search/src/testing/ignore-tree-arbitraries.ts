import fc from "fast-check";
import { DIRS, FILES, RULES } from "./ignore-fixtures.js";

/** A file to create, as `[directory, name]` (`""` is the root). */
export type TreeFile = readonly [dir: string, name: string];
/** A `.gitignore` to create, as `[directory, rules]` (`""` is the root). */
export type TreeIgnore = readonly [dir: string, rules: readonly string[]];

/** How large the generated trees may grow. */
export interface IgnoreTreeLimits {
  /** Most files in a tree. */
  readonly maxFiles: number;
  /** Most `.gitignore` files in a tree. */
  readonly maxIgnoreFiles: number;
  /** Most rules in one `.gitignore`. */
  readonly maxRules: number;
}

/**
 * The two arbitraries the ignore property tests start from, drawn from the
 * ignore fixtures: distinct files (at least one), and `.gitignore` files.
 * Spread them into `fc.asyncProperty`; write the result with `writeIgnoreTree`.
 *
 * @example
 * fc.asyncProperty(...ignoreTreeArbitraries({ maxFiles: 20, maxIgnoreFiles: 4, maxRules: 5 }), check);
 */
export function ignoreTreeArbitraries({
  maxFiles,
  maxIgnoreFiles,
  maxRules,
}: IgnoreTreeLimits): [fc.Arbitrary<TreeFile[]>, fc.Arbitrary<TreeIgnore[]>] {
  return [
    fc.uniqueArray(fc.tuple(fc.constantFrom(...DIRS), fc.constantFrom(...FILES)), {
      minLength: 1,
      maxLength: maxFiles,
    }),
    fc.array(
      fc.tuple(fc.constantFrom(...DIRS), fc.array(fc.constantFrom(...RULES), { maxLength: maxRules })),
      {
        maxLength: maxIgnoreFiles,
      },
    ),
  ];
}
