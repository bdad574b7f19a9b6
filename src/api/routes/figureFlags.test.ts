import { type Address, createWalletClient, erc20Abi, erc4626Abi, type Hex, http, maxUint256, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { beefyVaultAbi, demoTokenAbi, priceFeedAbi, uniswapV2PairAbi, uniswapV2Router02Abi } from '../../../contracts/artifacts/index.js'
import { get } from '../../../test/app.js'
import { ownService } from '../../../test/ownService.js'
import { confirmOn, TX_GAS } from '../../../test/devnet.js'
import { refresherApp } from '../../../test/refresherApp.js'
import type { RegistryFile } from '../../registry/index.js'
import type { PriceSourceField, TokenPriceEntry } from '../../schema/index.js'

/**
 * Prices that say where they come from, and the guards on what is served, on a chain of its own
 * moved by real transactions: a price checked by a second route that a swap moves off, a pair
 * made thin by burning most of its liquidity, a vault whose TVL a deposit makes jump (and one that
 * grows 4×, which does not), a feed left past its heartbeat.
 */
const CHAIN = 31_458

type Flag = { field: string; kind: string; detail: string }

describe('price sources and flags', () => {
  const { own, service } = ownService(
    { chainId: CHAIN, specOf: 56 },
    {
      setUp: (own) => {
        const registry = structuredClone(own.registry) as RegistryFile
        const pair = checkPair()
        registry.chains[String(CHAIN)]!.tokens.find((token) => token.address === checkTokens().checked)!.priceCheck = { pair: pair.address }
        return { registry }
      },
      ready: (service) => service.refresher.refresh(CHAIN),
    },
  )
  const deployer = () => privateKeyToAccount(own().manifest.accounts[0]!.privateKey as Hex)
  const wallet = () => createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: deployer() })
  const confirm = (hash: Promise<Hex>) => confirmOn(own().client, hash)
  const fed = (token: Address) => own().manifest.feeds.find((feed) => feed.token === token)
  /** The pair of two fed tokens, the wrapped native among them: that one is checked against it, the other (a demo token anyone may mint) moves it. */
  const checkPair = () =>
    own().manifest.pairs.find((pair) => fed(pair.token0) && fed(pair.token1) && [pair.token0, pair.token1].includes(own().manifest.wrappedNative))!
  const checkTokens = () => {
    const pair = checkPair()
    return { checked: own().manifest.wrappedNative, other: pair.token0 === own().manifest.wrappedNative ? pair.token1 : pair.token0 }
  }
  const prices = async () =>
    (await get(service().app, `/prices?chain=${CHAIN}`)).body as Record<
      Address,
      TokenPriceEntry & { priceSource: PriceSourceField; priceCheck: NonNullable<TokenPriceEntry['priceCheck']> }
    >
  const feedUsd = async (token: Address, blockNumber: bigint) => {
    const feed = fed(token)!
    const [, answer, , updatedAt] = await own().client.readContract({ address: feed.address, abi: priceFeedAbi, functionName: 'latestRoundData', blockNumber })
    return { usd: Number(answer) / 10 ** feed.decimals, updatedAt: Number(updatedAt) }
  }
  const decimals = (token: Address) => own().client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
  const snapshotBlock = async () =>
    BigInt((await get(service().app, `/status`)).body.chains.find((chain: { chainId: number }) => chain.chainId === CHAIN).snapshotBlock)

  it('every price says its source at the block: a feed its round age, a pair its liquidity; /tokens says the same; nothing is flagged', async () => {
    const [served, block] = [await prices(), await snapshotBlock()]
    const { timestamp } = await own().client.getBlock({ blockNumber: block })
    const tokens = (await get(service().app, `/tokens?chain=${CHAIN}`)).body
    const routed = own().registry.chains[String(CHAIN)]!.tokens.filter((token) => token.price)
    expect(routed.length).toBeGreaterThan(3)
    for (const token of routed) {
      const entry = served[token.address as Address]!
      expect(entry.priceSource.blockNumber).toBe(block.toString())
      expect(tokens[token.address].priceSource).toEqual(entry.priceSource)
      expect(tokens[token.address].usd).toBe(entry.usd)
      expect(entry.flags).toBeUndefined()
      if ('feed' in token.price!) {
        const round = await feedUsd(token.address as Address, block)
        expect(entry).toMatchObject({
          usd: round.usd,
          priceSource: { kind: 'feed', address: token.price.feed, ageSeconds: Number(timestamp) - round.updatedAt },
        })
        continue
      }
      const pair = own().registry.chains[String(CHAIN)]!.lpPairs!.find((candidate) => candidate.address === (token.price as { pair: Address }).pair)! as {
        address: Address
        token0: Address
        token1: Address
      }
      const other = pair.token0 === token.address ? pair.token1 : pair.token0
      const [reserve0, reserve1] = await own().client.readContract({
        address: pair.address,
        abi: uniswapV2PairAbi,
        functionName: 'getReserves',
        blockNumber: block,
      })
      const otherReserve = Number(pair.token0 === other ? reserve0 : reserve1) / 10 ** (await decimals(other))
      expect(entry.priceSource).toMatchObject({ kind: 'pair', address: pair.address, ageSeconds: 0 })
      expect(entry.priceSource.liquidityUsd).toBeCloseTo(2 * otherReserve * served[other]!.usd!, 6)
    }
    const checked = served[checkTokens().checked]!
    expect(checked.priceCheck.priceSource).toMatchObject({ kind: 'pair', address: checkPair().address })
    expect(checked.priceCheck.deviationPercent).toBeLessThan(5)
    expect((await get(service().app, '/status')).body.chains[0].dataHealth.counts).toEqual({
      ceiling: 0,
      jump: 0,
      'price-check': 0,
      'thin-liquidity': 0,
      'stale-feed': 0,
    })
  })

  it('a swap that moves the check pair 10 % off: the first route is served and flagged, and so is every figure resting on it', async () => {
    const pair = checkPair()
    const { checked, other } = checkTokens()
    const [reserve0, reserve1] = await own().client.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
    const otherReserve = pair.token0 === other ? reserve0 : reserve1
    // Paying in 5 % of the other side's reserve moves the pair's price of `checked` up about 10 %.
    const amount = otherReserve / 20n
    await confirm(wallet().writeContract({ address: other, abi: demoTokenAbi, functionName: 'mint', args: [deployer().address, amount] }))
    await confirm(wallet().writeContract({ address: other, abi: erc20Abi, functionName: 'approve', args: [own().manifest.uniswap.router, maxUint256] }))
    await confirm(
      wallet().writeContract({
        address: own().manifest.uniswap.router,
        abi: uniswapV2Router02Abi,
        functionName: 'swapExactTokensForTokens',
        args: [amount, 0n, [other, checked], deployer().address, maxUint256],
      }),
    )
    await service().refresher.refresh(CHAIN)
    const block = await snapshotBlock()
    const entry = (await prices())[checked]!
    const [first, second] = [await feedUsd(checked, block), await feedUsd(other, block)]
    const [now0, now1] = await own().client.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves', blockNumber: block })
    const [own0, own1] = pair.token0 === checked ? [now0, now1] : [now1, now0]
    const pairUsd = (Number(own1) / 10 ** (await decimals(other)) / (Number(own0) / 10 ** (await decimals(checked)))) * second.usd
    expect(entry.usd).toBe(first.usd)
    expect(entry.priceCheck.usd).toBeCloseTo(pairUsd, 6)
    expect(entry.priceCheck.deviationPercent).toBeCloseTo((Math.abs(first.usd - pairUsd) / pairUsd) * 100, 6)
    expect(entry.priceCheck.deviationPercent).toBeGreaterThan(5)
    expect(entry.flags).toEqual([expect.objectContaining({ field: 'usd', kind: 'price-check' })])
    // The vault over that pair's LP rests on both its sides' prices.
    const vault = (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((candidate: { want: string }) => candidate.want === pair.address)
    expect(vault.flags).toContainEqual(expect.objectContaining({ field: 'tvl', kind: 'price-check' }))
    const health = (await get(service().app, '/status')).body.chains[0].dataHealth
    expect(health.counts['price-check']).toBeGreaterThan(1)
    expect(health.entries).toContainEqual(expect.objectContaining({ kind: 'vault', address: vault.address, flags: vault.flags }))
    const metrics = (await service().app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toContain(`data_flags{chain="${CHAIN}",kind="price-check"} ${health.counts['price-check']}`)
  })

  it('a pair route burnt down under $10,000 of liquidity does not price: the token and what rests on it are unpriced, with the pair and its liquidity named', async () => {
    const registry = own().registry.chains[String(CHAIN)]!
    // A pair route whose LP the deployer holds almost all of (no vault or pool holds it).
    const candidates = await Promise.all(
      registry.tokens
        .filter((token) => token.price && 'pair' in token.price)
        .map(async (token) => {
          const pair = (token.price as { pair: Address }).pair
          const [held, supply] = await Promise.all([
            own().client.readContract({ address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [deployer().address] }),
            own().client.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' }),
          ])
          return { token: token.address as Address, pair, held, supply }
        }),
    )
    const thin = candidates.find((candidate) => candidate.held * 1000n > candidate.supply * 998n)!
    expect(thin).toBeDefined()
    // Burn all but 0.2 % of the supply: about $4,000 of $2M stays.
    const burnt = thin.held - thin.supply / 500n
    await confirm(wallet().writeContract({ address: thin.pair, abi: erc20Abi, functionName: 'transfer', args: [thin.pair, burnt] }))
    await confirm(wallet().writeContract({ address: thin.pair, abi: uniswapV2PairAbi, functionName: 'burn', args: [deployer().address] }))
    await service().refresher.refresh(CHAIN)
    const served = await prices()
    const entry = served[thin.token]!
    expect(entry.usd).toBeNull()
    expect(entry.priceSource).toMatchObject({ kind: 'pair', address: thin.pair })
    expect(entry.priceSource.liquidityUsd).toBeLessThan(10_000)
    expect(entry.priceSource.liquidityUsd).toBeGreaterThan(1_000)
    expect(entry.priceNote).toContain(`pair ${thin.pair} holds $`)
    expect(entry.priceNote).toContain('under the $10,000 a price route needs (MIN_PRICE_LIQUIDITY_USD)')
    // Its route goes on through the checked token, flagged by the swap above: a price resting on it says so too.
    expect(entry.flags).toContainEqual(expect.objectContaining({ field: 'usd', kind: 'thin-liquidity' }))
    // The pair's own LP token is priced from it: unpriced too, and flagged for the same reason.
    expect(served[thin.pair]!.usd).toBeNull()
    expect(served[thin.pair]!.flags).toContainEqual(expect.objectContaining({ kind: 'thin-liquidity' }))
    const tokens = (await get(service().app, `/tokens?chain=${CHAIN}`)).body
    expect(tokens[thin.token]).toMatchObject({ usd: null, priceNote: entry.priceNote })
    expect((await get(service().app, '/status')).body.chains[0].dataHealth.counts['thin-liquidity']).toBeGreaterThanOrEqual(2)
  })

  it('a deposit that makes a vault 11× bigger between two snapshots: its TVL is flagged as a jump, with both figures', async () => {
    const vault = own().manifest.vaults.find((candidate) => candidate.kind === 'erc4626' && fed(candidate.want))!
    const before = (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((candidate: { address: string }) => candidate.address === vault.address)
    expect(before.flags).toBeUndefined()
    const { usd } = (await prices())[vault.want]!
    const amount = parseUnits(String(Math.ceil((before.tvl * 10) / usd!)), await decimals(vault.want))
    await confirm(wallet().writeContract({ address: vault.want, abi: demoTokenAbi, functionName: 'mint', args: [deployer().address, amount] }))
    await confirm(wallet().writeContract({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, amount] }))
    await confirm(wallet().writeContract({ address: vault.address, abi: erc4626Abi, functionName: 'deposit', args: [amount, deployer().address], gas: TX_GAS }))
    await service().refresher.refresh(CHAIN)
    const after = (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((candidate: { address: string }) => candidate.address === vault.address)
    expect(after.tvl / before.tvl).toBeGreaterThan(10)
    const jump = after.flags.find((flag: Flag) => flag.kind === 'jump')
    expect(jump.field).toBe('tvl')
    for (const figure of [`from ${before.tvl.toPrecision(4)}`, `to ${after.tvl.toPrecision(4)}`]) expect(jump.detail).toContain(figure)
    expect((await get(service().app, '/status')).body.chains[0].dataHealth.counts.jump).toBeGreaterThanOrEqual(1)
  })

  it('with MAX_PLAUSIBLE_APY at 0.1, every served rate above 10 % a year is flagged as over the ceiling, and none below', async () => {
    // The block time said, not measured: a first snapshot of a new refresher may come before its measurement.
    const strict = await refresherApp({
      chains: [{ ...own().chainConfig, blockTimeSeconds: 120 }],
      registry: own().registry,
      env: { MAX_PLAUSIBLE_APY: '0.1' },
    })
    try {
      await strict.refresher.refresh(CHAIN)
      const vaults = (await get(strict.app, `/vaults?chain=${CHAIN}`)).body as { apyBreakdown: { totalApy: number | null } | null; flags?: Flag[] }[]
      const forward = vaults.filter((vault) => vault.apyBreakdown?.totalApy != null)
      expect(forward.some((vault) => vault.apyBreakdown!.totalApy! > 0.1)).toBe(true)
      for (const vault of forward) {
        const flagged = (vault.flags ?? []).some((flag) => flag.kind === 'ceiling' && flag.field === 'apyBreakdown.totalApy')
        expect(flagged).toBe(vault.apyBreakdown!.totalApy! > 0.1)
      }
      const pools = (await get(strict.app, `/v2/pools?chain=${CHAIN}`)).body as { chaindata: { stakingPools: { apr: number }[] }; flags?: Flag[] }[]
      const rates = pools.flatMap((pool) => pool.chaindata.stakingPools.map((staking, index) => ({ pool, index, apr: staking.apr })))
      expect(
        rates.some((rate) => rate.apr > 10),
        JSON.stringify(pools.map((pool) => pool.chaindata.stakingPools)),
      ).toBe(true)
      for (const { pool, index, apr } of rates) {
        const flag = (pool.flags ?? []).find((candidate) => candidate.kind === 'ceiling' && candidate.field === `chaindata.stakingPools[${index}].apr`)
        expect(flag !== undefined).toBe(apr > 10)
        if (flag) expect(flag.detail).toContain('above the 10 % this service takes as plausible (MAX_PLAUSIBLE_APY = 0.1)')
      }
    } finally {
      await strict.close()
    }
  })

  // After the ceiling test: six times its TVL lowers the vault's forward APY that test needs above 10 %.
  it('a TVL that grows 4× is not a jump; grown 6× within the six hours it is, against the figure it moved from', async () => {
    // The Beefy vault of a plain token (anyone may mint it), not the ERC-4626 vault the 11× test moved.
    const vault = own().manifest.vaults.find(
      (candidate) => candidate.kind === 'beefy' && !own().manifest.pairs.some((pair) => pair.address === candidate.want),
    )!
    const tvlOf = async () =>
      (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((candidate: { address: string }) => candidate.address === vault.address) as {
        tvl: number
        flags?: Flag[]
      }
    const before = await tvlOf()
    const jumps = (entry: { flags?: Flag[] }) => (entry.flags ?? []).filter((flag) => flag.kind === 'jump')
    expect(jumps(before)).toEqual([])
    const { usd } = (await prices())[vault.want]!
    const deposit = async (times: number) => {
      const amount = parseUnits(String(Math.ceil((before.tvl * times) / usd!)), await decimals(vault.want))
      await confirm(wallet().writeContract({ address: vault.want, abi: demoTokenAbi, functionName: 'mint', args: [deployer().address, amount] }))
      await confirm(wallet().writeContract({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, amount] }))
      await confirm(wallet().writeContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [amount], gas: TX_GAS }))
      await service().refresher.refresh(CHAIN)
      return tvlOf()
    }
    const fourfold = await deposit(3)
    expect(fourfold.tvl / before.tvl).toBeGreaterThan(3.9)
    expect(fourfold.tvl / before.tvl).toBeLessThan(4.5)
    expect(jumps(fourfold)).toEqual([])
    const sixfold = await deposit(2)
    expect(sixfold.tvl / before.tvl).toBeGreaterThan(5.5)
    const [jump] = jumps(sixfold)
    expect(jump?.field).toBe('tvl')
    expect(jump?.detail).toContain(`from ${before.tvl.toPrecision(4)}`)
  })

  // Last: the chain's clock then runs past every feed's heartbeat.
  it("a feed past its heartbeat does not price: the token and every figure resting on it carry a stale-feed flag naming the feed's age", async () => {
    const before = await prices()
    const feed = own().manifest.feeds.find((candidate) => candidate.token === own().manifest.wrappedNative)!
    const heartbeat = before[feed.token]!.priceSource.heartbeatSeconds!
    expect(heartbeat).toBeGreaterThan(0)
    await own().client.request({ method: 'evm_increaseTime', params: [heartbeat + 60] } as never)
    await own().mine(1)
    await service().refresher.refresh(CHAIN)
    const served = (await prices())[feed.token]!
    expect(served.usd).toBeNull()
    expect(served.priceSource).toMatchObject({ kind: 'feed', address: feed.address })
    expect(served.priceSource.ageSeconds).toBeGreaterThan(heartbeat)
    const stale = served.flags?.find((flag) => flag.kind === 'stale-feed')
    expect(stale?.field).toBe('usd')
    expect(stale?.detail).toContain(String(heartbeat))
    // A vault whose want is priced through the wrapped native (an LP of it) is flagged where its TVL rests on it.
    const vaults = (await get(service().app, `/vaults?chain=${CHAIN}`)).body as { address: string; want: string; flags?: Flag[] }[]
    const resting = vaults.filter((vault) => (vault.flags ?? []).some((flag) => flag.kind === 'stale-feed' && flag.field === 'tvl'))
    expect(resting.length).toBeGreaterThan(0)
    // /status counts every one of them, the feed's token among its entries, and /metrics says the same count.
    const health = (await get(service().app, '/status')).body.chains[0].dataHealth
    const stales = health.entries.flatMap((entry: { flags: Flag[] }) => entry.flags).filter((flag: Flag) => flag.kind === 'stale-feed')
    expect(health.counts['stale-feed']).toBe(stales.length)
    expect(health.counts['stale-feed']).toBeGreaterThan(resting.length)
    expect(health.entries).toContainEqual(expect.objectContaining({ kind: 'price', address: feed.token, flags: served.flags }))
    const metrics = (await service().app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toContain(`data_flags{chain="${CHAIN}",kind="stale-feed"} ${stales.length}`)
  })
})
