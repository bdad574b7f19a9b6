import { createPublicClient, custom, encodeFunctionData, keccak256, maxUint256, numberToHex, pad, toHex, zeroHash, type Address, type Hex } from 'viem'
import { simulateBlocks } from 'viem/actions'
import { beefyVaultAbi, demoTokenAbi } from '../contracts/artifacts/index.js'
import type { ChainClient } from '../src/chain/index.js'
import { simulateCalls } from '../src/chain/index.js'
import type { ChoiceRow } from './sideBySide.js'

type Measure = (row: Omit<ChoiceRow, 'ours' | 'theirs'>, ours: () => unknown, theirs: () => unknown) => Promise<void>

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'))
const APPROVAL = keccak256(toHex('Approval(address,address,uint256)'))
const user = '0x1111111111111111111111111111111111111111' as Address
const token = '0x2222222222222222222222222222222222222222' as Address
const vault = '0x3333333333333333333333333333333333333333' as Address
const strategy = '0x4444444444444444444444444444444444444444' as Address
const amount = 10n ** 18n

const approve = (value: bigint) => ({ to: token, data: encodeFunctionData({ abi: demoTokenAbi, functionName: 'approve', args: [vault, value] }), value: 0n })
const deposit = { to: vault, data: encodeFunctionData({ abi: beefyVaultAbi, functionName: 'deposit', args: [amount] }), value: 0n }
/** What a deposit build simulates: the approval alone, then (reset, approval, deposit) a block later. */
const blocks = [[approve(amount)], [approve(0n), approve(amount), deposit]]

/** A log as a node gives it in a simulated block. */
function log(address: Address, topics: Hex[], value: bigint, block: number, index: number) {
  return {
    address,
    topics,
    data: numberToHex(value, { size: 32 }),
    blockNumber: numberToHex(block),
    blockHash: keccak256(toHex(`block ${block}`)),
    transactionHash: keccak256(toHex(`tx ${block} ${index}`)),
    transactionIndex: numberToHex(index),
    logIndex: numberToHex(index),
    removed: false,
  }
}

/** One simulated call's outcome as a node gives it. */
function call(logs: ReturnType<typeof log>[], gasUsed: number) {
  return { status: '0x1', returnData: pad('0x1'), gasUsed: numberToHex(gasUsed), maxUsedGas: numberToHex(gasUsed + 2_300), logs }
}

/** One simulated block as a node gives it, with `calls`. */
function block(number: number, calls: ReturnType<typeof call>[]) {
  return {
    number: numberToHex(number),
    hash: keccak256(toHex(`block ${number}`)),
    parentHash: keccak256(toHex(`block ${number - 1}`)),
    timestamp: numberToHex(1_800_000_000 + number),
    gasLimit: numberToHex(30_000_000),
    gasUsed: numberToHex(200_000),
    baseFeePerGas: numberToHex(1_000_000_000),
    miner: strategy,
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: '0x',
    logsBloom: `0x${'0'.repeat(512)}`,
    mixHash: zeroHash,
    nonce: '0x0000000000000000',
    receiptsRoot: zeroHash,
    sha3Uncles: zeroHash,
    size: numberToHex(1_000),
    stateRoot: zeroHash,
    transactionsRoot: zeroHash,
    transactions: calls.map((_, index) => keccak256(toHex(`tx ${number} ${index}`))),
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: zeroHash,
    calls,
  }
}

const word = (address: Address) => pad(address)
/** The node's answer to the deposit build's simulation, traced: approvals, and the deposit's three transfers. */
const answer = [
  block(101, [call([log(token, [APPROVAL, word(user), word(vault)], amount, 101, 0)], 46_000)]),
  block(102, [
    call([log(token, [APPROVAL, word(user), word(vault)], 0n, 102, 0)], 26_000),
    call([log(token, [APPROVAL, word(user), word(vault)], maxUint256, 102, 1)], 46_000),
    call(
      [
        log(token, [TRANSFER, word(user), word(vault)], amount, 102, 2),
        log(token, [TRANSFER, word(vault), word(strategy)], amount, 102, 3),
        log(vault, [TRANSFER, pad('0x0'), word(user)], amount, 102, 4),
      ],
      180_000,
    ),
  ]),
]

/** eth_simulateV1 asked directly (simulateCalls) against viem's simulateBlocks, both on the same answer from the node (here, in process). */
export async function benchSimulation(measure: Measure): Promise<void> {
  const request = async () => answer
  const chain = { request } as unknown as ChainClient
  const client = createPublicClient({ transport: custom({ request }, { retryCount: 0 }), cacheTime: 0 })
  await measure(
    {
      where: 'src/chain/simulateGas.ts',
      choice: 'eth_simulateV1 asked and read directly, not through viem’s `simulateBlocks` (a deposit build’s two blocks, traced)',
      unit: 'simulation read',
    },
    () => simulateCalls(chain, user, blocks, { traceTransfers: true }),
    () =>
      simulateBlocks(client, {
        blocks: blocks.map((calls) => ({ calls: calls.map((call) => ({ account: user, ...call })) })),
        traceTransfers: true,
        validation: false,
      }),
  )
}
