/**
 * The import rules `npm test` checks (`depcruise src test`). A folder of src/ is one room: what
 * others may use of it is what its index.ts names, and no import, type-only ones included, may
 * lead back to where it started.
 */
// Without swc dependency-cruiser reads no .ts file at all and reports "no violations": fail instead.
require('@swc/core')

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other, type imports included: a leaf type belongs below the code that uses it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'through-index',
      severity: 'error',
      comment:
        "Another folder of src/ is imported through its index.ts, which names what it offers, or its boot.ts, what the composition root needs of it before the rest has loaded; only the folder's own files import its other files.",
      from: { path: '^(?:src|test)/([^/]+)' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/[^/]+/(index|boot)\\.ts$'] },
    },
    {
      name: 'protocols-families-on-top',
      severity: 'error',
      comment:
        "In protocols/, each contract family's folder builds on the shared ones (vault/, reward-pool/, events/, erc20/ …), never the other way: only adapters.ts, which chooses a family, and index.ts name the families.",
      from: { path: '^src/protocols/', pathNot: ['^src/protocols/(adapters|index)\\.ts$', '^src/protocols/(beefy-vault|erc4626|masterchef|staking-rewards|multi-rewards)/'] },
      to: { path: '^src/protocols/(beefy-vault|erc4626|masterchef|staking-rewards|multi-rewards)/' },
    },
    {
      name: 'pricing-pure',
      severity: 'error',
      comment:
        'pricing/ values a state it is given, without reading anything: it imports neither the store (store/) nor the chain readers (chain-state/); reading a past block for its prices is answer-state/pastPrices.',
      from: { path: '^src/pricing/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(store|chain-state|chain)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // dependency-cruiser reads TypeScript with the compiler's classic API only for typescript < 7;
    // this project compiles with typescript 7, so swc parses the sources. swc reads them as
    // written, `import type` and `export type` included (as tsPreCompilationDeps asks of tsc).
    parser: 'swc',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
}
