import fc from 'fast-check'
import { decodeFunctionResult, encodeFunctionData, encodeFunctionResult, erc20Abi, erc4626Abi, parseAbi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { hexDigits, outcomeOf } from '../../test/againstViem.js'
import { beefyVaultAbi, erc4626VaultAbi, masterChefAbi, rewardPoolAbi, stakingRewardsAbi, uniswapV2ZapAbi } from '../../contracts/artifacts/index.js'
import { encodeCall, functionCodec } from './functionCodec.js'

describe('function codec', () => {
  const user = '0x52908400098527886E0F7030069857D2E4169EE7'
  const userInfoOutputs = rewardPoolAbi.find((item) => item.type === 'function' && item.name === 'userInfo')!.outputs
  it('encodes and decodes as viem does, for a name used once and for an overloaded one', () => {
    const overloaded = parseAbi(['function f(uint256 a) view returns (uint256)', 'function f(address a) view returns (address, bool)'])
    const cases: { abi: readonly unknown[]; name: string; args: readonly unknown[]; result: unknown }[] = [
      { abi: rewardPoolAbi, name: 'userInfo', args: [3n, user], result: userInfoOutputs.map((_, index) => BigInt(index + 5)) },
      { abi: rewardPoolAbi, name: 'pendingRewards', args: [0n, user], result: [1n, 2n] },
      { abi: rewardPoolAbi, name: 'poolLength', args: [], result: 4n },
      { abi: erc4626VaultAbi, name: 'convertToAssets', args: [10n ** 18n], result: 12345n },
      { abi: overloaded, name: 'f', args: [7n], result: 8n },
      { abi: overloaded, name: 'f', args: [user], result: 8n },
    ]
    for (const { abi, name, args, result } of cases) {
      const codec = functionCodec(abi as never, name)
      const data = encodeFunctionData({ abi, functionName: name, args } as never)
      expect(codec.encode(args)).toBe(data)
      // contractCall decodes without the arguments: an overloaded name reads as viem's first overload.
      const returned = encodeFunctionResult({ abi, functionName: name, result } as never)
      expect(codec.decode(returned)).toEqual(decodeFunctionResult({ abi, functionName: name, data: returned } as never))
    }
  })

  it('writes the calls the builds send as viem does, amounts and addresses drawn at random', () => {
    const address = hexDigits(40, '0123456789abcdef').map((digits) => `0x${digits}` as const)
    const amount = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })
    fc.assert(
      fc.property(amount, amount, address, address, (a, b, one, other) => {
        const pairs: [Hex, Hex][] = [
          [encodeCall(beefyVaultAbi, 'deposit', [a]), encodeFunctionData({ abi: beefyVaultAbi, functionName: 'deposit', args: [a] })],
          [encodeCall(beefyVaultAbi, 'withdrawAll'), encodeFunctionData({ abi: beefyVaultAbi, functionName: 'withdrawAll' })],
          [encodeCall(erc20Abi, 'approve', [one, a]), encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [one, a] })],
          [encodeCall(erc4626Abi, 'redeem', [a, one, other]), encodeFunctionData({ abi: erc4626Abi, functionName: 'redeem', args: [a, one, other] })],
          [encodeCall(rewardPoolAbi, 'stake', [a, b]), encodeFunctionData({ abi: rewardPoolAbi, functionName: 'stake', args: [a, b] })],
          [encodeCall(masterChefAbi, 'deposit', [a, b]), encodeFunctionData({ abi: masterChefAbi, functionName: 'deposit', args: [a, b] })],
          [encodeCall(stakingRewardsAbi, 'getReward'), encodeFunctionData({ abi: stakingRewardsAbi, functionName: 'getReward' })],
          [
            encodeCall(uniswapV2ZapAbi, 'beefIn', [one, a, other, b]),
            encodeFunctionData({ abi: uniswapV2ZapAbi, functionName: 'beefIn', args: [one, a, other, b] }),
          ],
        ]
        for (const [ours, theirs] of pairs) expect(ours).toBe(theirs)
      }),
      { numRuns: 300 },
    )
  })

  it('reads results made of words as viem does, and refuses what viem refuses', () => {
    const types = ['address', 'bool', 'uint8', 'uint24', 'uint48', 'uint64', 'uint256', 'int8', 'int24', 'int48', 'int256', 'bytes4', 'bytes32']
    const word = fc.oneof(
      hexDigits(64, '0123456789abcdefABCDEF'),
      fc.bigInt({ min: 0n, max: 2n ** 64n }).map((value) => value.toString(16).padStart(64, '0')),
      fc.bigInt({ min: 2n ** 256n - 2n ** 64n, max: 2n ** 256n - 1n }).map((value) => value.toString(16)),
      fc.constantFrom('0'.repeat(64), `${'0'.repeat(63)}1`, `${'0'.repeat(63)}2`),
    )
    const answer = fc
      .tuple(fc.array(word, { minLength: 0, maxLength: 4 }), fc.constantFrom('', '0', 'zz', '00'))
      .map(([words, tail]) => `0x${words.join('')}${tail}` as Hex)
    const abi = fc
      .array(fc.constantFrom(...types), { minLength: 1, maxLength: 3 })
      .map((outputs) => parseAbi([`function read() view returns (${outputs.join(', ')})`]))
    fc.assert(
      fc.property(abi, answer, (abi, data) => {
        const theirs = outcomeOf(() => decodeFunctionResult({ abi, functionName: 'read', data }))
        const ours = outcomeOf(() => functionCodec(abi, 'read').decode(data))
        if ('error' in theirs) expect(ours).toHaveProperty('error')
        else expect(ours).toEqual(theirs)
      }),
      { numRuns: 3000 },
    )
  })

  it('says a function returns data exactly when viem refuses an empty answer to it (an empty answer is then a failed read without decoding)', () => {
    const abi = parseAbi([
      'function one() view returns (uint256)',
      'function none() view',
      'function pair() view returns (address, string)',
      'function f(uint256 a) view returns (uint256)',
      'function f(address a) view',
    ])
    const refused = (name: 'one' | 'none' | 'pair' | 'f') => 'error' in outcomeOf(() => decodeFunctionResult({ abi, functionName: name, data: '0x' }))
    for (const name of ['one', 'none', 'pair'] as const) expect(functionCodec(abi, name).returnsData, name).toBe(refused(name))
    // An overloaded name says so only when every overload returns data: viem picks the overload.
    expect(functionCodec(abi, 'f').returnsData).toBe(false)
  })
})
