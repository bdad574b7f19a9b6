import {
  concatHex,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
} from 'viem'
import { checksummed } from '../schema/index.js'

/** How to write a call of one ABI function and read what it returns. */
export interface FunctionCodec {
  encode(args: readonly unknown[]): Hex
  decode(data: Hex): unknown
  /** Whether the function returns values, so that an empty answer (`0x`) can only be refused. */
  returnsData: boolean
}

const codecs = new WeakMap<Abi, Map<string, FunctionCodec>>()

/**
 * The codec of `abi`'s function `functionName`, found once per ABI and name. viem's
 * `encodeFunctionData` and `decodeFunctionResult` search the ABI and hash the signature on every
 * call, and decode through a byte copy of the answer, and a snapshot of a large registry makes
 * thousands of reads a block (BENCHMARKS.md, "Figures behind the code"). A name the ABI uses
 * once, for a function, gets its selector and parameters kept, and results made only of words
 * (numbers, addresses, booleans, fixed bytes) are read straight from the hex; an overloaded name
 * goes to viem every time, which picks the overload by the arguments. Either way the bytes and
 * values are viem's, and what viem refuses is refused (the tests hold them to it).
 */
export function functionCodec(abi: Abi, functionName: string): FunctionCodec {
  const byName = codecs.get(abi) ?? new Map<string, FunctionCodec>()
  codecs.set(abi, byName)
  const codec = byName.get(functionName) ?? codecOf(abi, functionName)
  byName.set(functionName, codec)
  return codec
}

/** What a transaction's call of `abi`'s function `name` takes. */
type WriteArgs<abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>> = ContractFunctionArgs<abi, 'nonpayable' | 'payable', name>

/**
 * The calldata of a transaction's call of `abi`'s `functionName` with `args`, typed as viem's
 * `encodeFunctionData` and the same bytes, through the function's codec: a build encodes its call
 * (and its approval) every time, and viem would search the ABI and hash the signature each time
 * (BENCHMARKS.md, "Figures behind the code").
 */
export function encodeCall<const abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
  abi: abi,
  functionName: name,
  ...args: WriteArgs<abi, name> extends readonly [] ? [] : [WriteArgs<abi, name>]
): Hex {
  return functionCodec(abi, functionName).encode((args[0] ?? []) as readonly unknown[])
}

function codecOf(abi: Abi, functionName: string): FunctionCodec {
  const named = abi.filter((item) => 'name' in item && item.name === functionName)
  const item = named.length === 1 && named[0]!.type === 'function' ? (named[0] as AbiFunction) : undefined
  if (!item)
    return {
      encode: (args) => encodeFunctionData({ abi, functionName, args } as never),
      decode: (data) => decodeFunctionResult({ abi, functionName, data } as never),
      returnsData: named.every((overload) => overload.type === 'function' && overload.outputs.length > 0),
    }
  const selector = toFunctionSelector(item)
  const readers = item.outputs.map((output) => wordReader(output.type))
  const viemDecode = (data: Hex) => {
    const values = decodeAbiParameters(item.outputs, data)
    return values.length > 1 ? values : values[0]
  }
  return {
    encode: item.inputs.length === 0 ? () => selector : (args) => concatHex([selector, encodeAbiParameters(item.inputs, args)]),
    decode: readers.every((reader) => reader !== undefined) && readers.length > 0 ? wordsDecoder(readers as WordReader[], viemDecode) : viemDecode,
    returnsData: item.outputs.length > 0,
  }
}

/** Reads one ABI word (64 lowercase hex digits) as viem's decoder does. */
type WordReader = (word: string) => unknown

const HIGH_63 = '0'.repeat(63)
const MAX_INT256 = (1n << 255n) - 1n
const TWO_256 = 1n << 256n

/**
 * The reader of a word of elementary type `type`, as viem decodes it: an address is the last 20
 * bytes checksummed (the rest unchecked), a bool must be 0 or 1, a number of up to 48 bits is a
 * `number` (a safe integer, else an error), a wider one a `bigint` (two's complement when signed,
 * over the whole word), `bytesN` the first N bytes. Undefined for any other type.
 */
function wordReader(type: string): WordReader | undefined {
  if (type === 'address') return (word) => checksummed(`0x${word.slice(24)}`)
  if (type === 'bool')
    return (word) => {
      if (word.slice(0, 63) !== HIGH_63 || word[63]! > '1') throw new Error(`0x${word} is not a boolean`)
      return word[63] === '1'
    }
  const number = /^(u?)int(\d*)$/.exec(type)
  if (number) {
    const signed = number[1] === ''
    const bits = Number(number[2] || 256)
    return (word) => {
      let value = BigInt(`0x${word}`)
      if (signed && value > MAX_INT256) value -= TWO_256
      if (bits > 48) return value
      const small = Number(value)
      if (!Number.isSafeInteger(small)) throw new Error(`${value} is not a safe integer`)
      return small
    }
  }
  const fixed = /^bytes(\d+)$/.exec(type)
  if (fixed) return (word) => `0x${word.slice(0, 2 * Number(fixed[1]))}`
  return undefined
}

/** Decodes results made of words alone; an answer too short, of odd length or not hex goes to viem, which says what is wrong. */
function wordsDecoder(readers: WordReader[], viemDecode: (data: Hex) => unknown): (data: Hex) => unknown {
  const length = 2 + 64 * readers.length
  return (data) => {
    if (data.length < length || data.length % 2 !== 0 || !/^0x[0-9a-fA-F]*$/.test(data)) return viemDecode(data)
    const hex = data.toLowerCase()
    if (readers.length === 1) return readers[0]!(hex.slice(2, 66))
    return readers.map((reader, index) => reader(hex.slice(2 + 64 * index, 66 + 64 * index)))
  }
}
