// No inline money arithmetic: paise ↔ rupees conversions, rupee display and percentages of an amount go
// through packages/contracts/src/money.ts, so the rounding is decided in one place (DESIGN.md §4).
//
// Wiring, in eslint.config.js: `import { moneyRule } from './eslint/money-rule.js';` and `...moneyRule`
// in the exported list. It sets the core rule no-restricted-syntax for apps/**/src and packages/**/src: a
// later config object that sets no-restricted-syntax for the same files replaces these selectors rather
// than adding to them, so such a config should spread `moneySyntaxRestrictions` into its own list.

const MODULE = 'the money module of @cutroom/contracts (money.ts)';
const PERCENT =
  'A percentage is not money: percentOf(amount, percent) or wholePercent(fraction), same module.';

const MATH_ROUND = "CallExpression[callee.object.name='Math'][callee.property.name='round']";

/** The no-restricted-syntax entries, for a config that has restrictions of its own to merge with. */
export const moneySyntaxRestrictions = [
  {
    // Math.round(rupees * 100)
    selector: `${MATH_ROUND} > BinaryExpression[operator='*'][right.value=100]`,
    message: `Rupees to paise: paiseFromRupees(rupees) from ${MODULE}. ${PERCENT}`,
  },
  {
    // x * 100 outside Math.round (that one is reported above), and 100 * x though not 100 * 1024 (sizes)
    selector: `:not(${MATH_ROUND}) > BinaryExpression[operator='*'][right.value=100], BinaryExpression[operator='*'][left.value=100]:not([right.type='Literal'])`,
    message: `Rupees to paise: paiseFromRupees(rupees) from ${MODULE}. ${PERCENT}`,
  },
  {
    // paise / 100
    selector: "BinaryExpression[operator='/'][right.value=100]",
    message: `Paise to rupees: rupeesFromPaise(paise), or formatPaise(paise) to show it, from ${MODULE}. ${PERCENT}`,
  },
];

export const moneyRule = [
  {
    files: ['apps/**/src/**/*.{ts,tsx,js,jsx}', 'packages/**/src/**/*.{ts,tsx,js,jsx}'],
    ignores: ['packages/contracts/src/money.ts'],
    rules: { 'no-restricted-syntax': ['error', ...moneySyntaxRestrictions] },
  },
];
