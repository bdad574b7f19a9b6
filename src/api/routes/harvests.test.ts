import { indexedOwnChain, type IndexedOwnChain } from '../../../test/indexedOwnChain.js'
import { createWalletClient, getAddress, http, parseEventLogs, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { get } from '../../../test/app.js'
import { confirmOn, publicClientFor, TX_GAS } from '../../../test/devnet.js'
import { earlierShapeVault } from '../../../test/feeShapes.js'
import { chargedFeesEvent, HARVEST_EVENTS, stratHarvestEvent, wantOfHarvest } from '../../../test/harvestEvents.js'
import type { OwnChain } from '../../../test/ownChain.js'
import { pricesFromChain } from '../../../test/pricesFromChain.js'
import type { RefresherApp } from '../../../test/refresherApp.js'
import { indexedDevnetService, type StoredDevnetService } from '../../../test/storedDevnetService.js'
import type { ChainRegistry } from '../../registry/index.js'
import { moved } from '../../../test/moved.js'

const CHAIN = 31_403
const HARVESTER = 8

let chain: IndexedOwnChain
let own: OwnChain
let service: RefresherApp
let registry: ChainRegistry

type FeePart = { amount: string; usd: number | null }
type Harvest = {
  block: string
  timestamp: number
  txHash: string
  harvester: string
  wantHarvested: string
  callReward: string | null
  usd: number | null
  gain: string
  totalWantBefore: string | null
  fees: { token: string | null; source: string; call: FeePart; treasury: FeePart; strategist: FeePart; total: FeePart } | null
  apr: number | null
  aprNote?: string
}

/**
 * Harvests `strategy` from dev account HARVESTER after `blocks` blocks of accrual: the receipt,
 * the want its harvest log says it made, and the call fee where the log names one (the reference
 * strategy's Harvested does, Beefy's StratHarvest does not).
 */
async function harvest(strategy: Hex, blocks: number) {
  await own.mine(blocks)
  const wallet = createWalletClient({
    chain: own.chain,
    transport: http(own.manifest.rpcUrl),
    account: privateKeyToAccount(own.manifest.accounts[HARVESTER]!.privateKey as Hex),
  })
  const receipt = await confirmOn(own.client, wallet.writeContract({ address: strategy, abi: strategyFarmAbi, functionName: 'harvest', gas: TX_GAS }))
  const [log] = parseEventLogs({ abi: HARVEST_EVENTS, logs: receipt.logs })
  if (!log) throw new Error('the harvest logged neither Harvested nor StratHarvest')
  return { receipt, wantHarvested: wantOfHarvest(log), callFee: log.eventName === 'Harvested' ? log.args.callFee : null }
}

describe('GET /vaults/{address}/harvests', () => {
  beforeAll(async () => {
    // Blocks a few seconds apart, as on a real chain: each harvest has a time of its own.
    chain = await indexedOwnChain({ chainId: CHAIN, blockIntervalSeconds: 3 })
    ;({ own, service, registry } = chain)
  }, 120_000)
  afterAll(() => chain?.close())

  it("lists a vault's harvests newest first, each as its event says and valued at its own block's prices; lastHarvest agrees", async () => {
    const vault = [...registry.vaults.values()].find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
    const first = await harvest(vault.strategy!, 30)
    const second = await harvest(vault.strategy!, 30)
    expect(await service.index!.reach(CHAIN, second.receipt.blockNumber, 30_000)).toBe(true)
    await service.refresher.refresh(CHAIN)

    const { status, body } = await get(service.app, `/vaults/${vault.address}/harvests?chain=${CHAIN}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ vault: vault.address, strategy: vault.strategy })
    const harvests = body.harvests as Harvest[]
    const blocks = harvests.map((entry) => BigInt(entry.block))
    expect(blocks).toEqual([...blocks].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)))
    for (const [index, { receipt, wantHarvested, callFee }] of [second, first].entries()) {
      const served = harvests[index]!
      const block = await own.client.getBlock({ blockNumber: receipt.blockNumber })
      expect(served).toMatchObject({
        block: String(receipt.blockNumber),
        timestamp: Number(block.timestamp),
        txHash: receipt.transactionHash,
        harvester: getAddress(own.manifest.accounts[HARVESTER]!.address),
        wantHarvested: String(wantHarvested),
        // A Beefy strategy's StratHarvest names no call fee.
        callReward: null,
      })
      expect(callFee).toBeNull()
      const prices = pricesFromChain(CHAIN, registry, receipt.blockNumber, own.client)
      const usd = await prices.value(vault.want, wantHarvested)
      expect(served.usd! / usd).toBeCloseTo(1, 9)

      // The report: the fees as the transaction moved them, the vault's want before, the APR from the price per share.
      const at = (blockNumber: bigint) => ({ address: vault.address, abi: beefyVaultAbi, blockNumber }) as const
      const before = await own.client.readContract({ ...at(receipt.blockNumber - 1n), functionName: 'balance' })
      expect(served).toMatchObject({ gain: String(wantHarvested), totalWantBefore: String(before) })
      const strategyOf = { address: vault.strategy!, abi: strategyFarmAbi } as const
      const native = await own.client.readContract({ ...strategyOf, functionName: 'native' })
      const treasury = await own.client.readContract({ ...strategyOf, functionName: 'feeRecipient' })
      const call = moved(receipt, native, vault.strategy!, getAddress(receipt.from))
      const toTreasury = moved(receipt, native, vault.strategy!, treasury)
      expect(call).toBeGreaterThan(0n)
      expect(toTreasury).toBeGreaterThan(0n)
      expect(served.fees).toMatchObject({
        token: native,
        // From its ChargedFees, as Beefy's strategies log their fees: what the transaction moved.
        source: 'event',
        call: { amount: String(call) },
        treasury: { amount: String(toTreasury) },
        strategist: { amount: '0', usd: 0 },
        total: { amount: String(call + toTreasury) },
      })
      expect(served.fees!.call.usd! / (await prices.value(native, call))).toBeCloseTo(1, 9)
      expect(served.fees!.treasury.usd! / (await prices.value(native, toTreasury))).toBeCloseTo(1, 9)
      const previous = harvests[index + 1]
      if (!previous) expect(served).toMatchObject({ apr: null, aprNote: expect.stringContaining('first indexed harvest') })
      else {
        const perShare = (blockNumber: bigint) => own.client.readContract({ ...at(blockNumber), functionName: 'getPricePerFullShare' })
        const grew = Number(await perShare(receipt.blockNumber)) / Number(await perShare(receipt.blockNumber - 1n)) - 1
        const apr = grew * (31_536_000 / (served.timestamp - previous.timestamp))
        expect(served.apr! / apr).toBeCloseTo(1, 9)
      }
    }
    expect(harvests[0]!.apr, 'the newer harvest measures from the older').not.toBeNull()
    // The two harvests were valued at different blocks' prices, not one price for both.
    const price = (entry: Harvest) => entry.usd! / Number(entry.wantHarvested)
    expect(price(harvests[0]!)).not.toBe(price(harvests[1]!))

    const { body: vaults } = await get(service.app, `/vaults?chain=${CHAIN}`)
    const entry = (vaults as { address: string; lastHarvest: number | null }[]).find((candidate) => candidate.address === vault.address)!
    expect(entry.lastHarvest).toBe(harvests[0]!.timestamp)

    // A window of chain time: from the newest harvest's second on, only it.
    const since = await get(service.app, `/vaults/${vault.address}/harvests?chain=${CHAIN}&from=${harvests[0]!.timestamp * 1000}`)
    expect((since.body.harvests as Harvest[]).map((entry) => entry.txHash)).toEqual([second.receipt.transactionHash])
    const limited = await get(service.app, `/vaults/${vault.address}/harvests?chain=${CHAIN}&limit=1`)
    expect(limited.body.harvests).toHaveLength(1)
  }, 120_000)

  it("lists an ERC-4626 vault's harvests from its reference strategy's Harvested: the want added, the call fee, the fees from the transfers", async () => {
    const vault = [...registry.vaults.values()].find((candidate) => candidate.kind === 'erc4626' && candidate.strategy)!
    const { receipt, wantHarvested, callFee } = await harvest(vault.strategy!, 30)
    expect(await service.index!.reach(CHAIN, receipt.blockNumber, 30_000)).toBe(true)
    await service.refresher.refresh(CHAIN)
    const { status, body } = await get(service.app, `/vaults/${vault.address}/harvests?chain=${CHAIN}&limit=1`)
    expect(status).toBe(200)
    const native = await own.client.readContract({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'native' })
    expect(callFee).toBe(moved(receipt, native, vault.strategy!, getAddress(receipt.from)))
    expect((body.harvests as Harvest[])[0]).toMatchObject({
      txHash: receipt.transactionHash,
      wantHarvested: String(wantHarvested),
      callReward: String(callFee),
      fees: { source: 'transfers', call: { amount: String(callFee) } },
    })
  }, 60_000)

  it('answers 404 for a vault the chain does not register, naming it', async () => {
    const { status, body } = await get(service.app, `/vaults/0x00000000000000000000000000000000000000aa/harvests?chain=${CHAIN}`)
    expect(status).toBe(404)
    expect(body.code).toBe('VAULT_NOT_FOUND')
  })
})

describe("GET /vaults/{address}/harvests of a stand-in of Beefy's earlier strategies", () => {
  const DEVNET_CHAIN = 56
  let stored: StoredDevnetService
  beforeAll(async () => {
    stored = await indexedDevnetService(DEVNET_CHAIN)
  }, 120_000)
  afterAll(() => stored?.close())

  it("lists its harvests from the StratHarvest logs Beefy's strategies write (the want harvested, no call reward) and their fees from its ChargedFees", async () => {
    const vault = earlierShapeVault(DEVNET_CHAIN)
    const { status, body } = await get(stored.service.app, `/vaults/${vault.address}/harvests?chain=${DEVNET_CHAIN}&limit=5`)
    expect(status).toBe(200)
    const harvests = body.harvests as Harvest[]
    expect(harvests).toHaveLength(5)
    // The laid month's harvests, a day apart: the newest five as the chain logged them.
    const logs = await publicClientFor(DEVNET_CHAIN).getLogs({
      address: vault.strategy,
      event: stratHarvestEvent,
      fromBlock: 0n,
      toBlock: BigInt(harvests[0]!.block),
    })
    expect(harvests.map((entry) => [entry.block, entry.txHash, entry.harvester, entry.wantHarvested, entry.gain, entry.callReward])).toEqual(
      logs
        .slice(-5)
        .reverse()
        .map((log) => [
          String(log.blockNumber),
          log.transactionHash,
          getAddress(log.args.harvester!),
          String(log.args.wantHarvested),
          String(log.args.wantHarvested),
          null,
        ]),
    )
    // The fees as its ChargedFees says, in Beefy's encoding, and as the transaction moved them.
    for (const entry of harvests) {
      const receipt = await publicClientFor(DEVNET_CHAIN).getTransactionReceipt({ hash: entry.txHash as Hex })
      const [charged] = parseEventLogs({ abi: [chargedFeesEvent], logs: receipt.logs })
      const { callFees, beefyFees, strategistFees } = charged!.args
      expect(entry.fees).toMatchObject({
        source: 'event',
        call: { amount: String(callFees) },
        treasury: { amount: String(beefyFees) },
        strategist: { amount: String(strategistFees) },
      })
      expect(callFees).toBeGreaterThan(0n)
      const native = entry.fees!.token as Hex
      expect(moved(receipt, getAddress(native), getAddress(vault.strategy), getAddress(receipt.from))).toBe(callFees)
    }
  }, 60_000)
})
