import type { Address } from 'viem'
import { compileCheck, createValidator, DevnetManifestSchema, type DevnetChainManifest, type DevnetManifest } from '../../schema/index.js'

/**
 * The contracts, accounts and amounts the examples of the document use. With the devnet running
 * they are its own, so "Try it out" in /docs answers 2xx: `user` holds every token (and no
 * allowance, so builds show their approvals), `holder` deployed everything and so holds a
 * deposit in every vault and a stake in every staking pool.
 */
export interface ExampleValues {
  chainId: number
  user: Address
  holder: Address
  /** A Beefy-style vault with a strategy and a zap; its want is an LP token. */
  vault: { address: Address; kind: 'beefy' | 'erc4626'; want: Address; strategy: Address; zap: Address; zapTokenIn: Address }
  /** A reward pool whose claims are open; `pid` stakes `stakingToken`. */
  pool: { address: Address; pid: number; stakingToken: Address; stakingTokens: Address[]; rewardVault: Address; rewardTokens: Address[] }
  /** A token of the chain and its symbol, for metadata. */
  token: { address: Address; symbol: string }
  /** The bridges of one ticker on Ethereum (1) and BNB Smart Chain (56), when both exist. */
  bridge?: { ticker: string; ethBridge: Address; bscBridge: Address; erc20: Address; bep20: Address }
  /** The devnet manifest, for the example of `GET /devnet`. */
  devnet?: DevnetManifest
}

/** The chain the examples use when the devnet runs it: BNB Smart Chain, the interface's main chain. */
const PREFERRED_CHAIN = '56'

const checkManifest = compileCheck<DevnetManifest>(createValidator({ coerce: false }), DevnetManifestSchema)

/** Example values from the devnet's manifest; undefined when `manifest` is not one (no devnet, or a shape this code does not know). */
export function devnetExampleValues(manifest: unknown): ExampleValues | undefined {
  if (manifest === undefined) return undefined
  const checked = checkManifest(manifest)
  if (!checked.ok) return undefined
  const chains = checked.value.chains
  const chain = chains[PREFERRED_CHAIN] ?? Object.values(chains)[0]
  if (!chain) return undefined
  const vault = chain.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy && candidate.zap && candidate.zapTokenIn)
  const pool = chain.rewardPools[0]
  const [holder, user] = chain.accounts
  if (!vault?.strategy || !vault.zap || !vault.zapTokenIn || !pool || !holder || !user) return undefined
  const [symbol, token] = Object.entries(chain.tokens).find(([candidate]) => candidate === 'YLD') ?? Object.entries(chain.tokens)[0] ?? []
  if (!symbol || !token) return undefined
  return {
    chainId: chain.chainId,
    user: user.address,
    holder: holder.address,
    vault: { address: vault.address, kind: vault.kind, want: vault.want, strategy: vault.strategy, zap: vault.zap, zapTokenIn: vault.zapTokenIn },
    pool: {
      address: pool.address,
      pid: pool.pids[0] ?? 0,
      stakingToken: pool.stakingTokens[0] ?? token,
      stakingTokens: pool.stakingTokens,
      rewardVault: pool.rewardVault,
      rewardTokens: pool.rewardTokens,
    },
    token: { address: token, symbol },
    ...bridgeOf(chains['1'], chains['56']),
    devnet: checked.value,
  }
}

/** The first ticker bridged between Ethereum and BNB Smart Chain, as E3 pairs them. */
function bridgeOf(eth: DevnetChainManifest | undefined, bsc: DevnetChainManifest | undefined): Pick<ExampleValues, 'bridge'> {
  for (const onEth of eth?.bridgeTokens ?? []) {
    const onBsc = bsc?.bridgeTokens.find((candidate) => candidate.ticker === onEth.ticker)
    if (onBsc) return { bridge: { ticker: onEth.ticker, ethBridge: onEth.bridge, bscBridge: onBsc.bridge, erc20: onEth.token, bep20: onBsc.token } }
  }
  return {}
}

/**
 * Example values for a service over configured chains: the devnet's addresses on chain 56 (the
 * same on every start), so the examples read as real ones; "Try it out" needs real contracts of
 * the configured registry in their place.
 */
export const STATIC_EXAMPLE_VALUES: ExampleValues = {
  chainId: 56,
  user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  holder: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  vault: {
    address: '0x720472c8ce72c2A2D711333e064ABD3E6BbEAdd3',
    kind: 'beefy',
    want: '0xd1C306964AA7E3B22064B333B618C0248ECABaB9',
    strategy: '0x5c74c94173F05dA1720953407cbb920F3DF9f887',
    zap: '0x86A2EE8FAf9A840F7a2c64CA3d51209F9A02081D',
    zapTokenIn: '0x7969c5eD335650692Bc04293B07F5BF2e7A673C0',
  },
  pool: {
    address: '0xB0f05d25e41FbC2b52013099ED9616f1206Ae21B',
    pid: 0,
    stakingToken: '0x922D6956C99E12DFeB3224DEA977D0939758A1Fe',
    stakingTokens: ['0x922D6956C99E12DFeB3224DEA977D0939758A1Fe', '0xd1C306964AA7E3B22064B333B618C0248ECABaB9'],
    rewardVault: '0x9264ee2dB87BA0A5ED6a5Dc1790957829B8672a8',
    rewardTokens: ['0x922D6956C99E12DFeB3224DEA977D0939758A1Fe', '0x7969c5eD335650692Bc04293B07F5BF2e7A673C0'],
  },
  token: { address: '0x922D6956C99E12DFeB3224DEA977D0939758A1Fe', symbol: 'YLD' },
  bridge: {
    ticker: 'YLD',
    ethBridge: '0xCace1b78160AE76398F486c8a18044da0d66d86D',
    bscBridge: '0xefc1aB2475ACb7E60499Efb171D173be19928a05',
    erc20: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
    bep20: '0x922D6956C99E12DFeB3224DEA977D0939758A1Fe',
  },
}

/** The example of one operation: its path and query parameters, its body, and its 200 answer. */
export interface OperationExample {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
  ok?: unknown
}

/** 1 token of 18 decimals, in wei: every example amount. */
export const ONE = 10n ** 18n
