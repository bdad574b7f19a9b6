import { BaseError, toFunctionSelector, type Address, type Hex } from 'viem'
import { multicall3Abi } from '../../contracts/artifacts/index.js'

/** One call of an `aggregate3` batch, as Multicall3 takes it. */
export interface Aggregate3Call {
  target: Address
  allowFailure: boolean
  callData: Hex
}

/** One outcome of an `aggregate3` batch, as Multicall3 returns it. */
export interface Aggregate3Result {
  success: boolean
  returnData: Hex
}

/** The node's answer to an `aggregate3` call is not the ABI encoding of `(bool, bytes)[]`. */
export class MalformedAggregate3Answer extends BaseError {
  override name = 'MalformedAggregate3Answer'
  constructor(reason: string) {
    super(`Multicall3's aggregate3 answer is malformed: ${reason}`)
  }
}

const AGGREGATE3_SELECTOR = toFunctionSelector(multicall3Abi.find((item) => item.type === 'function' && item.name === 'aggregate3')!).slice(2)
const WORD = 64 // hex digits in an ABI word
const TRUE = '1'.padStart(WORD, '0')
const FALSE = '0'.padStart(WORD, '0')
/** The offset of a `(address, bool, bytes)` tuple's bytes from its start: after its three head words. */
const BYTES_AFTER_HEAD = (32 * 3).toString(16).padStart(WORD, '0')
const ADDRESS_PADDING = '0'.repeat(WORD - 40)
/** Leading digits an offset or length must leave zero: no answer a node sends is 2^48 bytes long. */
const HIGH_DIGITS = '0'.repeat(WORD - 12)

const word = (value: number) => value.toString(16).padStart(WORD, '0')

/**
 * `aggregate3(calls)` call data, exactly as viem's `encodeFunctionData` writes it (the tests hold
 * the two equal), at a fraction of its cost: every position read and snapshot chunk encodes one
 * (BENCHMARKS.md, "Figures behind the code"). The layout is the ABI's for one dynamic array of
 * `(address, bool, bytes)` tuples: the array's offset and length, then each tuple's offset from
 * the end of the length, then the tuples, each three head words and its call data, padded.
 */
export function encodeAggregate3(calls: readonly Aggregate3Call[]): Hex {
  const offsets: string[] = []
  const tuples: string[] = []
  let offset = 32 * calls.length
  for (const call of calls) {
    if (call.target.length !== 42) throw new BaseError(`aggregate3 call target ${call.target} is not an address`)
    offsets.push(word(offset))
    const data = call.callData.slice(2)
    const padding = (WORD - (data.length % WORD)) % WORD
    tuples.push(
      ADDRESS_PADDING,
      call.target.slice(2).toLowerCase(),
      call.allowFailure ? TRUE : FALSE,
      BYTES_AFTER_HEAD,
      word(data.length / 2),
      data,
      '0'.repeat(padding),
    )
    offset += 32 * 4 + (data.length + padding) / 2
  }
  return `0x${AGGREGATE3_SELECTOR}${word(32)}${word(calls.length)}${offsets.join('')}${tuples.join('')}`
}

/**
 * The outcomes in an `aggregate3` answer, strictly: every offset and length inside the data, every
 * `success` 0 or 1, and `expected` outcomes (one per call sent), or a MalformedAggregate3Answer.
 * Equal to viem's `decodeFunctionResult` on every well-formed answer, at a fraction of its cost
 * (it slices the hex answer instead of copying it into bytes and back; BENCHMARKS.md, "Figures
 * behind the code").
 */
export function decodeAggregate3(answer: Hex, expected: number): Aggregate3Result[] {
  if (answer === '0x') throw new MalformedAggregate3Answer('the node returned no data (is Multicall3 deployed at its usual address on this chain?)')
  if (answer.length % 2 !== 0 || !/^0x[0-9a-fA-F]*$/.test(answer)) throw new MalformedAggregate3Answer('it is not hex of whole bytes')
  const hex = answer.toLowerCase()
  const bytes = (hex.length - 2) / 2
  /** The number in the ABI word at byte `at` of the answer. */
  const read = (at: number, what: string) => {
    const start = 2 + at * 2
    if (at + 32 > bytes) throw new MalformedAggregate3Answer(`${what} at byte ${at} lies past its end (${bytes} bytes)`)
    if (hex.slice(start, start + WORD - 12) !== HIGH_DIGITS) throw new MalformedAggregate3Answer(`${what} at byte ${at} is too large`)
    return Number.parseInt(hex.slice(start + WORD - 12, start + WORD), 16)
  }
  const array = read(0, 'the array offset')
  const count = read(array, 'the array length')
  if (count !== expected) throw new MalformedAggregate3Answer(`it holds ${count} outcomes for ${expected} calls`)
  const first = array + 32
  const results: Aggregate3Result[] = new Array(count)
  for (let index = 0; index < count; index++) {
    const tuple = first + read(first + 32 * index, `outcome ${index}'s offset`)
    const success = read(tuple, `outcome ${index}'s success`)
    if (success > 1) throw new MalformedAggregate3Answer(`outcome ${index}'s success is neither 0 nor 1`)
    const data = tuple + read(tuple + 32, `outcome ${index}'s data offset`)
    const length = read(data, `outcome ${index}'s data length`)
    if (data + 32 + length > bytes) throw new MalformedAggregate3Answer(`outcome ${index}'s ${length} bytes of data run past its end`)
    const from = 2 + (data + 32) * 2
    results[index] = { success: success === 1, returnData: `0x${hex.slice(from, from + length * 2)}` }
  }
  return results
}
