import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet, devnetChain, publicClientFor } from '../../test/devnet.js'
import { beefyFeeAbi, earlierShapeVault } from '../../test/feeShapes.js'
import { refresherApp, type RefresherApp } from '../../test/refresherApp.js'
import { storedDevnetService, type StoredDevnetService } from '../../test/storedDevnetService.js'
import { type Entry, get } from '../../test/vaultApy.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'

/**
 * /vaults of the devnet's vaults over a strategy of Beefy's 2021 FeeManager shape: on chain 1 it
 * exposes its performance total (totalFee()), on 43114 it does not and the registry states it.
 */
const close = (actual: number | null | undefined, expected: number, what: string) =>
  expect(Math.abs((actual ?? Number.NaN) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-12)

describe.each([1, 43114])("GET /vaults over 2021's FeeManager shape on chain %i", (chainId) => {
  let stored: StoredDevnetService
  beforeAll(async () => {
    stored = await storedDevnetService(chainId)
    // The trading APR's base a window back is looked for beside the first snapshot: the next one carries it.
    await stored.service.refresher.refresh(chainId)
    await stored.service.refresher.settled()
    await stored.service.refresher.refresh(chainId)
  }, 120_000)
  afterAll(() => stored?.close())

  it('gives its fees from the shares of MAX_FEE, its total from totalFee() or the registry, and the whole apyBreakdown net of it', async () => {
    const { address, strategy, performanceFee } = earlierShapeVault(chainId)
    const client = publicClientFor(chainId)
    const read = (functionName: 'callFee' | 'beefyFee' | 'STRATEGIST_FEE' | 'MAX_FEE' | 'withdrawalFee' | 'WITHDRAWAL_MAX') =>
      client.readContract({ address: strategy, abi: beefyFeeAbi, functionName }).then(Number)
    const max = await read('MAX_FEE')
    // Where the strategy has no totalFee(), the devnet registry states the fee its harvest fixes.
    const total = chainId === 1 ? Number(await client.readContract({ address: strategy, abi: beefyFeeAbi, functionName: 'totalFee' })) / max : performanceFee!
    expect(total).toBe(0.045)
    const registered = devnetRegistry(devnet()).chains[String(chainId)]!.vaults!.find((vault) => vault.address === address)!
    expect(registered.performanceFee).toBe(chainId === 1 ? undefined : 0.045)

    const { body } = await get(stored.service, `/vaults?chain=${chainId}`)
    const entry = body.find((candidate: Entry) => candidate.address === address)
    const { fees, apyBreakdown } = entry
    expect(fees, entry.notes?.join('; ')).not.toBeNull()
    const split = { call: (await read('callFee')) / max, strategist: (await read('STRATEGIST_FEE')) / max, treasury: (await read('beefyFee')) / max }
    close(fees.performance.total, total, 'total')
    for (const [part, share] of Object.entries(split)) {
      close(fees.performance.split[part], share, `split.${part}`)
      close(fees.performance[part], total * share, part)
    }
    close(fees.withdraw, (await read('withdrawalFee')) / (await read('WITHDRAWAL_MAX')), 'withdraw')
    expect(fees.deposit).toBe(0)
    expect(entry.notes?.some((note: string) => note.startsWith('fees: '))).toBeFalsy()

    expect(apyBreakdown, entry.notes?.join('; ')).not.toBeNull()
    close(apyBreakdown.performanceFee, total, 'performanceFee')
    expect(apyBreakdown.farmApr).toBeGreaterThan(0)
    close(apyBreakdown.vaultApr, apyBreakdown.farmApr * (1 - total), 'vaultApr')
    // The want is the W/USDC pair: its trading fees count, so every part is there.
    expect(apyBreakdown.tradingApr, entry.notes?.join('; ')).toBeGreaterThan(0)
    expect(apyBreakdown.totalApy).toBeGreaterThan(apyBreakdown.vaultApy)
  })
})

describe('GET /vaults over a 2021 strategy that fixes its fee unread, with a registry that does not state it', () => {
  const chainId = 43114
  let service: RefresherApp
  beforeAll(async () => {
    const registry = devnetRegistry(devnet())
    for (const vault of registry.chains[String(chainId)]!.vaults!) delete vault.performanceFee
    service = await refresherApp({ chains: devnetChains(devnet()).filter((chain) => chain.chainId === chainId), registry })
    await service.refresher.refresh(chainId)
  })
  afterAll(() => service?.close())

  it('gives the split and the withdrawal fee, the total and its parts null with a note, and no apyBreakdown', async () => {
    const { address, strategy } = earlierShapeVault(chainId)
    const { body } = await get(service, `/vaults?chain=${chainId}`)
    const entry = body.find((candidate: Entry) => candidate.address === address)
    expect(entry.fees.performance).toEqual({
      total: null,
      call: null,
      strategist: null,
      treasury: null,
      split: { call: 0.111, strategist: 0.112, treasury: 0.777 },
    })
    expect(entry.fees.withdraw).toBe(0.001)
    expect(entry.notes).toContain(
      `fees: strategy ${strategy} fixes its performance fee inside its harvest and exposes no reading of it (no totalFee()): performance.total and its parts are null until the registry entry states it (performanceFee); performance.split gives how it is shared`,
    )
    expect(entry.apyBreakdown).toBeNull()
    expect(entry.notes).toContain("apyBreakdown: it needs the vault's performance fee, and `fees.performance.total` is null (see its note)")
    // The other vaults of the chain report their totals.
    for (const vault of devnetChain(chainId).vaults.filter((candidate) => candidate.strategy && candidate.address !== address))
      expect(body.find((candidate: Entry) => candidate.address === vault.address).fees.performance.total).toBe(0.045)
  })
})
