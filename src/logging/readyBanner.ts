import { DEVNET_TRY_ACCOUNT, type DevnetManifest } from '../schema/index.js'

/**
 * What a person who just ran `npm start` needs, printed once the API listens: where it is, the
 * page, where the docs are, and on the devnet the chains and a funded dev account to try a build with.
 */
export function readyBanner(input: { version: string; url: string; devnet?: DevnetManifest }): string {
  const lines = [
    `defi-vault-api ${input.version} is ready${input.devnet ? ' on the embedded devnet' : ''}`,
    `  Page    ${input.url}/   (TVL, pools, vaults, harvests, and a build playground)`,
    `  API     ${input.url}`,
    `  Docs    ${input.url}/docs   (try any operation: the examples are live)`,
  ]
  if (input.devnet) {
    const chains = Object.values(input.devnet.chains)
    const account = chains[0]?.accounts[DEVNET_TRY_ACCOUNT]
    lines.push(`  Devnet  ${input.url}/devnet   (every contract, pid and dev account)`)
    for (const chain of chains) lines.push(`  Chain   ${chain.chainId}  ${chain.rpcUrl}`)
    if (account) {
      lines.push(
        `  Dev account ${DEVNET_TRY_ACCOUNT}  ${account.address}  (funded on every chain, no allowance yet; anvil's well-known key, never use it elsewhere)`,
        `    key ${account.privateKey}`,
        `  e.g. curl '${input.url}/tvl?platform=all'`,
      )
    }
  }
  return `\n${lines.join('\n')}\n\n`
}

/**
 * The same as fields of the one ready line a log collector gets (stdout not a terminal, e.g.
 * `npm start | tee log`): the API and its docs, and on the devnet its manifest, each chain's RPC
 * URL and the dev account to try builds with.
 */
export function readyFields(url: string, devnet?: DevnetManifest): Record<string, unknown> {
  if (!devnet) return { url, docs: `${url}/docs` }
  const chains = Object.values(devnet.chains)
  const account = chains[0]?.accounts[DEVNET_TRY_ACCOUNT]
  return {
    url,
    docs: `${url}/docs`,
    devnet: `${url}/devnet`,
    rpcUrls: Object.fromEntries(chains.map((chain) => [String(chain.chainId), chain.rpcUrl])),
    ...(account && { devAccount: account.address, devAccountIndex: DEVNET_TRY_ACCOUNT }),
  }
}
