import { erc20Abi, erc4626Abi, hexToString, parseUnits, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, bytes32TokenAbi, demoTokenAbi, uniswapV2PairAbi } from '../../../contracts/artifacts/index.js'
import { get, testApp } from '../../../test/app.js'
import { confirm, devnet, devnetChain, publicClientFor, walletClientFor } from '../../../test/devnet.js'
import { pricesFromChain } from '../../../test/pricesFromChain.js'
import { devnetRegistry } from '../../devnet/index.js'
import { buildRegistry, type RegistryFile } from '../../registry/index.js'
import type { App } from '../deps.js'
import { stakedFromChain } from '../../../test/stakedFromChain.js'

const registry = () => buildRegistry(devnetRegistry(devnet()))
/** `x-block-numbers: 1=…,56=…` as a map. */
const blocksOf = (header: unknown) =>
  new Map(
    String(header)
      .split(',')
      .map((pair) => pair.split('=').map(BigInt) as [bigint, bigint])
      .map(([chain, block]) => [Number(chain), block]),
  )
const closeTo = (actual: number, expected: number, relative = 1e-9) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative)

describe('ecosystem reads over the devnet registry', () => {
  let app: App
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  it("U2 values an LP amount within 1e-9 of the test's own computation", async () => {
    const pair = devnetChain(56).pairs[0]!.address
    const amount = parseUnits('0.0123', 18)
    const { status, body, headers } = await get(app, `/lp?lptoken=${pair.toLowerCase()}&amount=${amount}`)
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual([pair])
    const expected = await pricesFromChain(56, registry().chains.get(56)!, BigInt(headers['x-block-number'] as string)).value(pair, amount)
    closeTo(body[pair].usd, expected)
    expect(body[pair].usd).toBeGreaterThan(0)
  })

  it('U2: an unknown LP token is a 404, a chain not configured a 400', async () => {
    const unknown = await get(app, `/lp?lptoken=${devnetChain(56).tokens.YLD}&amount=1&chain=56`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('TOKEN_NOT_FOUND')
    const chain = await get(app, `/lp?lptoken=${devnetChain(56).pairs[0]!.address}&amount=1&chain=10`)
    expect(chain.status).toBe(400)
    expect(chain.body.code).toBe('UNSUPPORTED_CHAIN')
  })

  it('E1 all: each part equals the sum of its direct reads, and total is the sum of the parts', async () => {
    const { status, body, headers } = await get(app, '/tvl?platform=all')
    expect(status).toBe(200)
    expect(body.warnings).toEqual([])
    expect(body.total).toBe(body.bridgeTvl + body.poolTvl + body.yieldTvl)
    const blocks = blocksOf(headers['x-block-numbers'])
    expect([...blocks.keys()].sort((a, b) => a - b)).toEqual([1, 56, 43114])
    let [bridgeTvl, poolTvl, yieldTvl] = [0, 0, 0]
    for (const [chainId, blockNumber] of blocks) {
      const chain = registry().chains.get(chainId)!
      const client = publicClientFor(chainId)
      const { value } = pricesFromChain(chainId, chain, blockNumber)
      for (const bridge of chain.bridges) {
        const held = await client.readContract({ address: bridge.token, abi: erc20Abi, functionName: 'balanceOf', args: [bridge.address], blockNumber })
        bridgeTvl += await value(bridge.token, held)
      }
      // Every family counts, each staking pool once (a token staked in pools of several families is summed per pool).
      for (const pool of chain.rewardPools.values()) {
        for (const { stakingToken, totalStaked } of await stakedFromChain(chainId, pool, blockNumber)) poolTvl += await value(stakingToken, totalStaked)
      }
      for (const vault of chain.vaults.values()) {
        const held =
          vault.kind === 'beefy'
            ? await client.readContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber })
            : await client.readContract({ address: vault.address, abi: erc4626Abi, functionName: 'totalAssets', blockNumber })
        yieldTvl += await value(vault.want, held)
      }
    }
    closeTo(body.bridgeTvl, bridgeTvl)
    closeTo(body.poolTvl, poolTvl)
    closeTo(body.yieldTvl, yieldTvl)
    expect(Math.min(bridgeTvl, poolTvl, yieldTvl)).toBeGreaterThan(0)
  })

  it.each([
    ['bridge', ['bridgeTvl', 'total', 'warnings']],
    ['pool', ['poolTvl', 'total', 'warnings']],
    ['yield', ['yieldTvl', 'total', 'warnings']],
  ])('E1 %s returns its part and total', async (platform, fields) => {
    const { status, body } = await get(app, `/tvl?platform=${platform}`)
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual([...fields].sort())
    expect(body.total).toBe(body[fields[0]!])
  })

  it('E1 with another platform is a 400 listing the allowed values', async () => {
    const { status, body } = await get(app, '/tvl?platform=vaults')
    expect(status).toBe(400)
    expect(body.errors).toEqual([{ path: '/querystring/platform', message: 'must be one of: all, bridge, pool, yield' }])
    expect((await get(app, '/tvl')).status).toBe(400)
  })

  it('U3 lists every registered token with name, symbol and decimals read from the chain, bytes32 ones included', async () => {
    const { status, body, headers } = await get(app, '/tokens?chain=56')
    expect(status).toBe(200)
    expect(headers['x-block-number']).toMatch(/^[0-9]+$/)
    const tokens = devnetChain(56).tokens
    expect(body[tokens.MKR!]).toEqual({
      image: expect.any(String),
      name: 'Maker',
      symbol: 'MKR',
      decimals: 18,
      // Its price as /prices gives it: the same block.
      usd: expect.any(Number),
      priceSource: expect.objectContaining({ kind: 'pair', blockNumber: headers['x-block-number'] }),
    })
    expect(body[tokens.WBNB!]).toMatchObject({ name: 'Wrapped BNB', symbol: 'WBNB', decimals: 18 })
    expect(body[tokens.USDC!]).toMatchObject({ symbol: 'USDC', decimals: 6 })
    expect(Object.keys(body)).toEqual(expect.arrayContaining([...Object.values(tokens), ...devnetChain(56).lpTokens]))
    // An LP goes by its pair, "A-B LP" from its tokens' own symbols (on chain every pair is "Uniswap V2", "UNI-V2").
    const client = publicClientFor(56)
    // A string symbol, else a bytes32 one (MKR's).
    const symbolOnChain = (token: Address) =>
      client
        .readContract({ address: token, abi: erc20Abi, functionName: 'symbol' })
        .catch(async () => hexToString(await client.readContract({ address: token, abi: bytes32TokenAbi, functionName: 'symbol' }), { size: 32 }))
    for (const pair of devnetChain(56).lpTokens) {
      const [token0, token1] = await Promise.all(
        (['token0', 'token1'] as const).map((functionName) => client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName })),
      )
      const symbols = await Promise.all([token0!, token1!].map((token) => symbolOnChain(token)))
      expect(await client.readContract({ address: pair, abi: erc20Abi, functionName: 'symbol' })).toBe('UNI-V2')
      expect(body[pair]).toMatchObject({ name: `${symbols[0]}-${symbols[1]} LP`, symbol: `${symbols[0]}-${symbols[1]} LP`, decimals: 18 })
    }
    expect((await get(app, '/tokens?chain=137')).body.code).toBe('UNSUPPORTED_CHAIN')
  })

  it("E3 pairs each ticker's Ethereum and BNB Smart Chain bridges, decimals read from chain", async () => {
    const { status, body } = await get(app, '/bridges')
    expect(status).toBe(200)
    const byChain = (chainId: number, ticker: string) => devnetChain(chainId).bridgeTokens.find((bridge) => bridge.ticker === ticker)!
    for (const bridge of body) {
      expect(bridge).toEqual({
        ticker: bridge.ticker,
        symbol: bridge.ticker,
        name: expect.any(String),
        ethBridgeAddress: byChain(1, bridge.ticker).bridge,
        bscBridgeAddress: byChain(56, bridge.ticker).bridge,
        erc20: byChain(1, bridge.ticker).token,
        bep20: byChain(56, bridge.ticker).token,
        decimals: bridge.ticker === 'USDC' ? 6 : 18,
      })
    }
    expect(body.map((bridge: { ticker: string }) => bridge.ticker).sort()).toEqual(
      [...new Set(devnetChain(1).bridgeTokens.map((bridge) => bridge.ticker))].sort(),
    )
  })
})

describe('a bridge that locks several tokens', () => {
  const CHAIN = 56

  it('E1 values each (bridge, token) entry with its own token', async () => {
    const chain = devnetChain(CHAIN)
    // A custodian holding two tokens of different decimals, as multi-token bridges do.
    const bridge = privateKeyToAccount(generatePrivateKey()).address
    const minter = privateKeyToAccount(generatePrivateKey())
    await publicClientFor(CHAIN).request({ method: 'anvil_setBalance', params: [minter.address, toHex(parseUnits('10', 18))] } as never)
    const wallet = walletClientFor(CHAIN, minter)
    const held = { GOV: parseUnits('1234.5', 18), SAT: parseUnits('0.75', 8) }
    for (const symbol of ['GOV', 'SAT'] as const) {
      await confirm(CHAIN, wallet.writeContract({ address: chain.tokens[symbol]!, abi: demoTokenAbi, functionName: 'mint', args: [bridge, held[symbol]] }))
    }
    const file: RegistryFile = devnetRegistry(devnet())
    for (const entry of Object.values(file.chains)) entry.bridges = []
    file.bridges!.push({ ticker: 'MULTI-GOV', symbol: 'GOV', name: 'GOV (multi bridge)' }, { ticker: 'MULTI-SAT', symbol: 'SAT', name: 'SAT (multi bridge)' })
    file.chains[String(CHAIN)]!.bridges = [
      { address: bridge, token: chain.tokens.GOV!, ticker: 'MULTI-GOV' },
      { address: bridge, token: chain.tokens.SAT!, ticker: 'MULTI-SAT' },
    ]
    const app = await testApp({ registry: file })
    try {
      const { status, body, headers } = await get(app, '/tvl?platform=bridge')
      expect(status).toBe(200)
      expect(body.warnings).toEqual([])
      const { value } = pricesFromChain(CHAIN, buildRegistry(file).chains.get(CHAIN)!, blocksOf(headers['x-block-numbers']).get(CHAIN)!)
      const [gov, sat] = [await value(chain.tokens.GOV!, held.GOV), await value(chain.tokens.SAT!, held.SAT)]
      expect(Math.min(gov, sat)).toBeGreaterThan(0)
      closeTo(body.bridgeTvl, gov + sat)
    } finally {
      await app.close()
    }
  })

  it('the same bridge and token twice is refused at start', () => {
    const file: RegistryFile = devnetRegistry(devnet())
    const entries = file.chains[String(CHAIN)]!.bridges!
    entries.push({ ...entries[0]!, address: entries[0]!.address.toLowerCase() })
    expect(() => buildRegistry(file, 'registry.json')).toThrow(
      `registry error: registry.json chains.${CHAIN}.bridges[${entries.length - 1}] ${entries[0]!.address} with token ${entries[0]!.token} is listed twice`,
    )
  })
})
