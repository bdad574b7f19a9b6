import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildRegistry, RegistryError } from './loadRegistry.js'
import type { RegistryFile } from './schema.js'

const WBNB = '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c'
const CAKE = '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82'
const FEED = '0x0567F2323251f0Aab15c8dFb1967E4e8A7D42aeE'
const PAIR = '0x0eD7e52944161450477ee417DE9Cd3a859b14fD0'
const VAULT = getAddress('0x97e5d50fe0632a95b9cf1853e744e02f7d816677')
const STRATEGY = getAddress('0x1ea4e0e9f9baa6a5b2e8f4a4b39d2d97c55dcd56')

/** A small valid registry; each test breaks one thing. */
function registryFile(): RegistryFile {
  return {
    chains: {
      '56': {
        tokens: [
          { address: WBNB, symbol: 'WBNB', price: { feed: FEED } },
          { address: CAKE, price: { pair: PAIR } },
        ],
        priceFeeds: [{ address: FEED, token: WBNB, heartbeatSeconds: 3600 }],
        lpPairs: [{ address: PAIR, token0: CAKE, token1: WBNB }],
        vaults: [{ address: VAULT, kind: 'beefy', want: PAIR, strategy: STRATEGY, zaps: [] }],
        rewardPools: [],
        bridges: [],
      },
    },
    bridges: [],
  }
}

function registryErrorOf(file: unknown): string {
  try {
    buildRegistry(file, 'registry.json')
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError)
    return (error as Error).message
  }
  throw new Error('expected a registry error')
}

describe('buildRegistry', () => {
  it('indexes a valid registry by checksummed address, strategies included', () => {
    const file = registryFile()
    file.chains['56']!.vaults![0]!.address = VAULT.toLowerCase()
    const registry = buildRegistry(file)
    const chain = registry.chains.get(56)!
    expect(chain.vaults.get(VAULT)?.kind).toBe('beefy')
    expect(chain.strategies.get(STRATEGY)?.address).toBe(VAULT)
    expect([...chain.tokens.keys()]).toEqual([WBNB, CAKE])
  })

  it('rejects a bad address with the path of the entry', () => {
    const file = registryFile()
    file.chains['56']!.vaults![0]!.want = '0x1234'
    expect(registryErrorOf(file)).toBe(
      'registry error: registry.json chains.56.vaults[0].want must be a 0x-prefixed 20-byte hex address; a mixed-case address must carry a valid EIP-55 checksum',
    )
  })

  it('rejects a wrong EIP-55 checksum', () => {
    const file = registryFile()
    file.chains['56']!.tokens[1]!.address = CAKE.replace('F', 'f')
    expect(registryErrorOf(file)).toBe(
      `registry error: registry.json chains.56.tokens[1].address fails its EIP-55 checksum (a typo, or letters whose case changed in a copy): checksummed, these 40 digits read ${CAKE}; check that this is the address you mean, then send that form or all lower case`,
    )
  })

  it('rejects unknown keys', () => {
    const file = registryFile() as unknown as { chains: Record<string, { vaults: Record<string, unknown>[] }> }
    file.chains['56']!.vaults[0]!.strat = STRATEGY
    expect(registryErrorOf(file)).toBe(
      'registry error: registry.json chains.56.vaults[0].strat is not a known field; the fields here are: address, kind, name, want, strategy, zaps, fromBlock, retired, performanceFee, changesWithoutEvents',
    )
  })

  it('rejects an unknown vault kind', () => {
    const file = registryFile() as unknown as { chains: Record<string, { vaults: Record<string, unknown>[] }> }
    file.chains['56']!.vaults[0]!.kind = 'yearn'
    expect(registryErrorOf(file)).toBe('registry error: registry.json chains.56.vaults[0].kind must be one of: beefy, erc4626')
  })

  it('rejects a price route through an unregistered feed or a pair without the token', () => {
    const file = registryFile()
    file.chains['56']!.priceFeeds = []
    expect(registryErrorOf(file)).toBe(`registry error: registry.json chains.56.tokens[0].price.feed ${FEED} is not in priceFeeds`)
    const other = registryFile()
    other.chains['56']!.lpPairs![0]!.token0 = VAULT
    expect(registryErrorOf(other)).toBe(`registry error: registry.json chains.56.tokens[1].price.pair ${PAIR} does not hold this token`)
  })

  it('rejects price routes that loop without reaching a feed', () => {
    const file = registryFile()
    file.chains['56']!.tokens[0]!.price = { pair: PAIR }
    expect(registryErrorOf(file)).toMatch(/^registry error: registry.json chains.56.tokens price routes loop through/)
  })

  it('rejects duplicates and bridges whose ticker has no metadata', () => {
    const file = registryFile()
    file.chains['56']!.vaults!.push({ address: VAULT, kind: 'erc4626', want: CAKE })
    expect(registryErrorOf(file)).toBe(`registry error: registry.json chains.56.vaults[1].address ${VAULT} is listed twice`)
    const other = registryFile()
    other.chains['56']!.bridges = [{ address: VAULT, token: CAKE, ticker: 'CAKE' }]
    expect(registryErrorOf(other)).toBe('registry error: registry.json chains.56.bridges[0].ticker "CAKE" has no entry in the top-level bridges list')
  })

  it('keeps two tokens of one bridge apart, and refuses the same bridge and token twice', () => {
    const file = registryFile()
    file.bridges = [
      { ticker: 'CAKE', symbol: 'CAKE', name: 'Cake' },
      { ticker: 'WBNB', symbol: 'WBNB', name: 'Wrapped BNB' },
    ]
    file.chains['56']!.bridges = [
      { address: VAULT, token: CAKE, ticker: 'CAKE' },
      { address: VAULT.toLowerCase(), token: WBNB, ticker: 'WBNB' },
    ]
    expect(
      buildRegistry(file)
        .chains.get(56)!
        .bridges.map((bridge) => [bridge.address, bridge.token]),
    ).toEqual([
      [VAULT, CAKE],
      [VAULT, WBNB],
    ])
    file.chains['56']!.bridges.push({ address: VAULT.toLowerCase(), token: CAKE.toLowerCase(), ticker: 'CAKE' })
    expect(registryErrorOf(file)).toBe(`registry error: registry.json chains.56.bridges[2] ${VAULT} with token ${CAKE} is listed twice`)
  })

  it('rejects a chain key that is not a chain id', () => {
    const file = registryFile() as unknown as { chains: Record<string, unknown> }
    file.chains.bsc = file.chains['56']
    expect(registryErrorOf(file)).toBe('registry error: registry.json chains.bsc is not a known field')
  })
})
