import fc from 'fast-check'
import { getAddress, isAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { hexDigits as hex } from '../../test/againstViem.js'
import { checksummed, isEvmAddress } from './index.js'

describe('checksummed addresses', () => {
  it('accepts exactly what viem accepts strictly, and checksums as viem does', () => {
    const checksumOf = (body: string) => getAddress(`0x${body.toLowerCase()}`)
    const candidates = fc.oneof(
      hex(40).map((body) => `0x${body}`), // mostly a wrong checksum
      hex(40).map((body) => `0x${body.toLowerCase()}`),
      hex(40).map(checksumOf),
      hex(40).map((body) => `0x${body.toUpperCase()}`),
      hex(39).map((body) => `0x${body}`),
      hex(41).map((body) => `0x${body}`),
      hex(40),
      fc.string(),
    )
    fc.assert(
      fc.property(candidates, (value) => {
        expect(isEvmAddress(value)).toBe(isAddress(value, { strict: true }))
        if (/^0x[0-9a-fA-F]{40}$/.test(value)) expect(checksummed(value)).toBe(getAddress(value))
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps answering the same after more addresses than it keeps', () => {
    const address = '0x52908400098527886e0f7030069857d2e4169ee7'
    expect(checksummed(address)).toBe('0x52908400098527886E0F7030069857D2E4169EE7')
    for (let index = 0; index < 5000; index++) checksummed(`0x${index.toString(16).padStart(40, '0')}`)
    expect(checksummed(address)).toBe('0x52908400098527886E0F7030069857D2E4169EE7')
  })
})
