import {
  type Address,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
  parseAbi,
  parseEventLogs,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { confirm, devnet, mine, publicClientFor, TX_GAS, walletClientFor } from '../../test/devnet.js'
import { beefyFeeAbi, currentShapeStrategy, earlierShapeVault } from '../../test/feeShapes.js'
import { stratHarvestEvent } from '../../test/harvestEvents.js'
import { aggregate, createChainClients } from '../chain/index.js'
import { devnetChains } from '../devnet/index.js'
import { strategyFeeReads, strategyFeesOf } from './index.js'

/**
 * Beefy's three fee shapes as the devnet's strategies encode them (each as the chain's own
 * strategies do), and what the service reads of each.
 */
const WAD = 10n ** 18n
/** The devnet's fee: 4.5 % of each harvest, 1/9 of it to the caller (StrategyFarmBase's basis points). */
const CALL_SHARE = (50n * WAD) / 450n
const BPS_CATEGORY = { total: (450n * WAD) / 10_000n, beefy: WAD - CALL_SHARE, call: CALL_SHARE, strategist: 0n, label: 'devnet', active: true }

const rawCall = (chainId: number, to: Address, functionName: Parameters<typeof encodeFunctionData<typeof beefyFeeAbi>>[0]['functionName']) =>
  publicClientFor(chainId)
    .call({ to, data: encodeFunctionData({ abi: beefyFeeAbi, functionName }) })
    .then(({ data }) => data as Hex)

async function serviceRead(chainId: number, strategy: Address) {
  const chain = createChainClients(
    devnetChains(devnet()).filter((candidate) => candidate.chainId === chainId),
    { timeoutMs: 5_000, retryCount: 0 },
  ).get(chainId)!
  const { results } = await aggregate(chain, strategyFeeReads(strategy))
  return strategyFeesOf(results)
}

describe("Beefy's fee shapes on the devnet", () => {
  it("2022's getFees() returns ONE FeeCategory tuple, byte for byte as Beefy's StratFeeManager encodes it", async () => {
    const { strategy } = earlierShapeVault(56)
    const data = await rawCall(56, strategy, 'getFees')
    const [output] = beefyFeeAbi.find((item) => item.type === 'function' && item.name === 'getFees')!.outputs
    expect(data).toBe(encodeAbiParameters([output], [BPS_CATEGORY]))
    // A struct holding a string is encoded behind a head offset: the first word points at it.
    expect(BigInt(data.slice(0, 66))).toBe(32n)
    // Read as six separate values (what the service once expected), the real bytes do not decode.
    const sixValues = parseAbi(['function getFees() view returns (uint256, uint256, uint256, uint256, string, bool)'])
    expect(() => decodeFunctionResult({ abi: sixValues, functionName: 'getFees', data })).toThrow(/is not a valid boolean/)
    // It has no getAllFees(): the service falls back to it.
    await expect(rawCall(56, strategy, 'getAllFees')).rejects.toThrow()
  })

  it("getAllFees() and 2021's FeeManager reads are encoded as Beefy's are", async () => {
    const allFees = await rawCall(56, currentShapeStrategy(56), 'getAllFees')
    const [output] = beefyFeeAbi.find((item) => item.type === 'function' && item.name === 'getAllFees')!.outputs
    expect(allFees).toBe(encodeAbiParameters([output], [{ performance: BPS_CATEGORY, deposit: 0n, withdraw: 10n }]))
    const word = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value])
    for (const chainId of [1, 43114]) {
      const { strategy } = earlierShapeVault(chainId)
      const shares = { callFee: 111n, beefyFee: 777n, STRATEGIST_FEE: 112n, MAX_FEE: 1000n, withdrawalFee: 10n, WITHDRAWAL_MAX: 10_000n } as const
      for (const [name, value] of Object.entries(shares))
        expect(await rawCall(chainId, strategy, name as keyof typeof shares), `${chainId} ${name}`).toBe(word(value))
      await expect(rawCall(chainId, strategy, 'getFees')).rejects.toThrow()
      await expect(rawCall(chainId, strategy, 'getAllFees')).rejects.toThrow()
    }
    // The performance total readable on chain 1's, fixed inside the harvest on 43114's.
    expect(await rawCall(1, earlierShapeVault(1).strategy, 'totalFee')).toBe(word(45n))
    await expect(rawCall(43114, earlierShapeVault(43114).strategy, 'totalFee')).rejects.toThrow()
  })

  it('the service reads each shape: getAllFees(), else the getFees() struct, else the FeeManager shares with totalFee() where it exists', async () => {
    const withdraw = { depositBps: 0n, withdrawBps: 10n, withdrawMax: 10_000n }
    const bps = { total: BPS_CATEGORY.total, treasury: BPS_CATEGORY.beefy, call: CALL_SHARE, strategist: 0n, ...withdraw }
    expect(await serviceRead(56, currentShapeStrategy(56))).toEqual({ ...bps, source: 'getAllFees' })
    expect(await serviceRead(56, earlierShapeVault(56).strategy)).toEqual({ ...bps, source: 'getFees' })
    const shares = { treasury: 777n * 10n ** 15n, call: 111n * 10n ** 15n, strategist: 112n * 10n ** 15n, ...withdraw, source: 'feeManager' }
    expect(await serviceRead(1, earlierShapeVault(1).strategy)).toEqual({ total: 45n * 10n ** 15n, ...shares })
    expect(await serviceRead(43114, earlierShapeVault(43114).strategy)).toEqual({ total: null, ...shares })
  })

  it("a 2021-shape strategy's harvest charges what it reports (45/1000 of the reward, callFee/1000 of that to the caller) and logs it as Beefy's do", async () => {
    const chainId = 43114
    const { strategy } = earlierShapeVault(chainId)
    const client = publicClientFor(chainId)
    // A caller that only needs gas.
    const account = privateKeyToAccount(generatePrivateKey())
    await client.request({ method: 'anvil_setBalance', params: [account.address, toHex(10n ** 18n)] } as never)
    await mine(chainId, 5)
    const harvest = walletClientFor(chainId, account).writeContract({ address: strategy, abi: strategyFarmAbi, functionName: 'harvest', gas: TX_GAS })
    const receipt = await confirm(chainId, harvest)
    // The reward and the caller's fee as the wrapped native moved: the farm's claim, then the strategy's payment.
    const [native, farm] = await Promise.all(
      (['native', 'farm'] as const).map((functionName) =>
        client.readContract({ address: strategy, abi: strategyFarmAbi, functionName, blockNumber: receipt.blockNumber }),
      ),
    )
    const moved = (from: Address, to: Address) =>
      parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).find(
        (log) => isAddressEqual(log.address, native!) && isAddressEqual(log.args.from, from) && isAddressEqual(log.args.to, to),
      )?.args.value
    const reward = moved(farm!, strategy)!
    expect(reward).toBeGreaterThan(0n)
    expect(moved(strategy, account.address)).toBe((((reward * 45n) / 1000n) * 111n) / 1000n)
    // One StratHarvest as Beefy declares it (the want the harvest made, the strategy's after it), no Harvested of ours.
    const harvested = parseEventLogs({ abi: [stratHarvestEvent], logs: receipt.logs })
    expect(harvested).toHaveLength(1)
    const tvl = await client.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'balanceOf', blockNumber: receipt.blockNumber })
    expect(harvested[0]!.args).toMatchObject({ harvester: account.address, tvl })
    expect(harvested[0]!.args.wantHarvested).toBeGreaterThan(0n)
    expect(parseEventLogs({ abi: strategyFarmAbi, eventName: 'Harvested', logs: receipt.logs })).toEqual([])
    const block = await client.getBlock({ blockNumber: receipt.blockNumber })
    expect(await client.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'lastHarvest', blockNumber: receipt.blockNumber })).toBe(
      block.timestamp,
    )
  })
})
