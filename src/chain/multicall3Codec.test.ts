import fc from 'fast-check'
import { getAddress, decodeFunctionResult, encodeFunctionData, encodeFunctionResult, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { hexDigits, outcomeOf } from '../../test/againstViem.js'
import { multicall3Abi } from '../../contracts/artifacts/index.js'
import { decodeAggregate3, encodeAggregate3, MalformedAggregate3Answer } from './multicall3Codec.js'

const bytes = (max: number) => fc.integer({ min: 0, max }).chain((length) => hexDigits(2 * length).map((body) => `0x${body}` as Hex))
// Addresses as the registry holds them (checksummed) or lower case; viem refuses a wrong checksum.
const address = hexDigits(40, '0123456789abcdef').chain((body) => fc.constantFrom(`0x${body}` as Address, getAddress(`0x${body}`)))
const call = fc.record({ target: address, allowFailure: fc.boolean(), callData: bytes(200) })
const outcome = fc.record({ success: fc.boolean(), returnData: bytes(200) })

const viemDecode = (data: Hex) => decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data }) as { success: boolean; returnData: Hex }[]

describe('aggregate3 codec', () => {
  it('writes the call data viem writes, for any calls', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 12 }), (calls) => {
        expect(encodeAggregate3(calls)).toBe(encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }))
      }),
      { numRuns: 500 },
    )
  })

  it('reads what viem reads from any well-formed answer', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 12 }), (outcomes) => {
        const answer = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: outcomes })
        expect(decodeAggregate3(answer, outcomes.length)).toEqual(viemDecode(answer))
        expect(decodeAggregate3(answer.toUpperCase().replace('0X', '0x') as Hex, outcomes.length)).toEqual(viemDecode(answer))
      }),
      { numRuns: 500 },
    )
  })

  it('refuses every answer viem refuses, and reads the rest as viem does, when a digit is changed or the answer cut short', () => {
    const damaged = fc
      .tuple(fc.array(outcome, { minLength: 1, maxLength: 6 }), fc.nat(), hexDigits(1, '0123456789abcdef'), fc.boolean())
      .map(([outcomes, at, digit, cut]) => {
        const answer = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: outcomes })
        const position = 2 + (at % (answer.length - 2))
        return (cut ? answer.slice(0, position) : `${answer.slice(0, position)}${digit}${answer.slice(position + 1)}`) as Hex
      })
    fc.assert(
      fc.property(damaged, (answer) => {
        const theirs = outcomeOf(() => viemDecode(answer))
        const ours = outcomeOf(() => decodeAggregate3(answer, 'value' in theirs ? theirs.value.length : 1))
        if ('error' in theirs) expect('error' in ours && ours.error).toBeInstanceOf(MalformedAggregate3Answer)
        else expect(ours).toEqual(theirs)
      }),
      { numRuns: 2000 },
    )
  })

  it('names what is wrong with an answer it refuses', () => {
    const answer = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: [{ success: true, returnData: '0x01' }] })
    expect(() => decodeAggregate3('0x', 1)).toThrow(/no data \(is Multicall3 deployed/)
    expect(() => decodeAggregate3(answer, 2)).toThrow('it holds 1 outcomes for 2 calls')
    expect(() => decodeAggregate3(`${answer}0`, 1)).toThrow('not hex of whole bytes')
    expect(() => decodeAggregate3(answer.replace(/1(0{62}40)/, '2$1') as Hex, 1)).toThrow("outcome 0's success is neither 0 nor 1")
  })
})
