// ESLint flat config: the page's modules run in the browser (window, worker, service worker);
// the tests and build scripts run in Node.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["build/", "node_modules/", ".venv/"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker },
    },
  },
  {
    files: ["scripts/**/*.mjs", "benchmarks/**/*.mjs", "tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    // Every function of the page, the scripts and the tests short and simple (as the Python
    // functions: tests/test_layout.py); a nested function counts inside its parent.
    files: ["web/**/*.js", "scripts/**/*.mjs", "benchmarks/**/*.mjs"],
    rules: {
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
      complexity: ["error", 20],
    },
  },
  {
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
