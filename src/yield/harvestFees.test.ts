import { type Address, encodeAbiParameters, encodeEventTopics, erc20Abi, type Hex, type Log, parseAbi, zeroHash } from 'viem'
import { describe, expect, it } from 'vitest'
import { feesOfReceipt } from './harvestFees.js'

const strategy: Address = '0x1111111111111111111111111111111111111111'
const native: Address = '0x2222222222222222222222222222222222222222'
const harvester: Address = '0x3333333333333333333333333333333333333333'
const treasury: Address = '0x4444444444444444444444444444444444444444'
const strategist: Address = '0x5555555555555555555555555555555555555555'
const pair: Address = '0x6666666666666666666666666666666666666666'

/** A log as a node gives it: topics and data encoded from the event's ABI, as the chain encodes them. */
function log(address: Address, topics: Hex[], data: Hex, logIndex: number): Log<bigint, number, false> {
  return {
    address,
    topics: topics as [Hex, ...Hex[]],
    data,
    logIndex,
    blockHash: zeroHash,
    blockNumber: 1n,
    transactionHash: zeroHash,
    transactionIndex: 0,
    removed: false,
  }
}

function transfer(from: Address, to: Address, value: bigint, logIndex: number): Log<bigint, number, false> {
  return log(
    native,
    encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from, to } }) as Hex[],
    encodeAbiParameters([{ type: 'uint256' }], [value]),
    logIndex,
  )
}

describe('a harvest’s fees from its receipt', () => {
  it("reads Beefy's ChargedFees (callFees, beefyFees, strategistFees) as its strategies encode it", () => {
    // Beefy's StratFeeManager strategies: `event ChargedFees(uint256 callFees, uint256 beefyFees, uint256 strategistFees)`, no indexed field.
    const chargedFees = parseAbi(['event ChargedFees(uint256 callFees, uint256 beefyFees, uint256 strategistFees)'])
    const logs = [
      transfer(strategy, pair, 9_000n, 0),
      transfer(strategy, harvester, 111n, 1),
      transfer(strategy, treasury, 777n, 2),
      transfer(strategy, strategist, 222n, 3),
      log(
        strategy,
        encodeEventTopics({ abi: chargedFees, eventName: 'ChargedFees' }) as Hex[],
        encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }], [111n, 777n, 222n]),
        4,
      ),
    ]
    expect(feesOfReceipt({ from: harvester, logs }, { strategy, harvester }, {})).toEqual({
      token: native,
      call: 111n,
      treasury: 777n,
      strategist: 222n,
      source: 'event',
    })
  })

  it('without the event, counts the transfers to the caller and the named recipients, not a swap', () => {
    const logs = [transfer(strategy, pair, 9_000n, 0), transfer(strategy, harvester, 111n, 1), transfer(strategy, treasury, 777n, 2)]
    expect(feesOfReceipt({ from: harvester, logs }, { strategy, harvester }, { treasury, strategist })).toEqual({
      token: native,
      call: 111n,
      treasury: 777n,
      strategist: 0n,
      source: 'transfers',
    })
  })
})
