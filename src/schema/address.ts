import { getAddress, type Address } from 'viem'

/** 0x and 40 hex digits, any case. */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** How many checksummed forms are kept; past it the memo starts over (a client sending random addresses cannot grow it). */
const KEPT = 4096

/*
 * viem keeps its checksums in an LRU map that deletes and re-inserts a key on every read; once it
 * holds the thousands of addresses of a large registry, that work grows with every read, several
 * times a build (BENCHMARKS.md, "Figures behind the code"). Request-time code checksums through
 * here, a plain map read.
 */
const memo = new Map<string, Address>()

/** The EIP-55 checksummed form of `value`, which must be 0x and 40 hex digits (any case). */
export function checksummed(value: string): Address {
  let address = memo.get(value)
  if (address === undefined) {
    address = getAddress(value)
    if (memo.size >= KEPT) memo.clear()
    memo.set(value, address)
  }
  return address
}

/** Whether `value` is an address a client may send: all lowercase, or mixed case with a valid checksum. */
export function isEvmAddress(value: string): boolean {
  return ADDRESS.test(value) && (value.toLowerCase() === value || checksummed(value) === value)
}

/** Whether `value` is 0x and 40 hex digits in mixed case whose EIP-55 checksum does not match: a typo, or letters whose case changed in a copy. */
export function hasWrongChecksum(value: string): boolean {
  return ADDRESS.test(value) && value.toLowerCase() !== value && checksummed(value) !== value
}
