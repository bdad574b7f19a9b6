import fc from 'fast-check'
import { type Abi, type AbiEvent, decodeEventLog, erc20Abi, erc4626Abi, type Hex, parseAbi, toEventSelector, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { masterChefAbi, multiRewardsAbi, rewardPoolAbi, stakingRewardsAbi, strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { eventDecoder } from './eventDecoder.js'

/** Every ABI whose events the index follows, and one-word types it does not use yet (signed, bool, fixed bytes, a dynamic one). */
const ABIS: Record<string, Abi | readonly unknown[]> = {
  erc20: erc20Abi,
  erc4626: erc4626Abi,
  masterChef: masterChefAbi,
  multiRewards: multiRewardsAbi,
  rewardPool: rewardPoolAbi,
  stakingRewards: stakingRewardsAbi,
  strategyFarm: strategyFarmAbi,
  other: parseAbi([
    'event StratHarvest(address indexed harvester, uint256 wantHarvested, uint256 tvl)',
    'event Moved(int128 indexed delta, bool done, bytes4 tag, int256 change, uint8 small)',
    'event Named(address indexed who, string name)',
  ]),
}

const word = fc.oneof(
  // An address, a small number, a boolean: the upper bytes zero.
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `${'0'.repeat(24)}${Buffer.from(bytes).toString('hex')}`),
  fc.bigInt({ min: 0n, max: 3n }).map((value) => value.toString(16).padStart(64, '0')),
  // Any word, a negative number among them.
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex')),
)

describe('eventDecoder', () => {
  const events = Object.entries(ABIS).flatMap(([family, abi]) =>
    (abi as Abi).filter((item): item is AbiEvent => item.type === 'event').map((event) => ({ family, event })),
  )

  it.each(events.map(({ family, event }) => [`${family}.${event.name}`, event] as const))(
    '%s: gives what viem decodes (addresses lowercase), on random logs of its selector',
    (_name, event) => {
      let seen: unknown
      const decoder = eventDecoder([event], {
        [event.name]: (args) => {
          seen = args
          return { action: 'transfer', account: zeroAddress, amount: 0n }
        },
      })
      const selector = toEventSelector(event)
      const indexed = event.inputs.filter((input) => input.indexed).length
      fc.assert(
        fc.property(
          fc.array(word, { minLength: indexed, maxLength: indexed + 1 }),
          fc.array(word, { minLength: 0, maxLength: event.inputs.length + 1 }),
          (topicWords, dataWords) => {
            const log = { topics: [selector, ...topicWords.map((topic) => `0x${topic}` as Hex)], data: `0x${dataWords.join('')}` as Hex }
            let expected: unknown
            try {
              const args = decodeEventLog({ abi: [event], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true }).args as Record<string, unknown>
              // Addresses as the log carries them, lowercase: the index keeps them so.
              for (const input of event.inputs) if (input.type === 'address') args[input.name!] = (args[input.name!] as string).toLowerCase()
              expected = args
            } catch {
              expected = undefined
            }
            seen = undefined
            decoder.decode(log)
            expect(seen).toEqual(expected)
          },
        ),
        { numRuns: 300 },
      )
    },
  )
})
