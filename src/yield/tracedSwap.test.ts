import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Transfer } from '../chain/index.js'
import { tracedSwap } from './zapOutTx.js'

const ZAP = '0x00000000000000000000000000000000000000a1' as Address
const PAIR = '0x00000000000000000000000000000000000000b2' as Address
const TOKEN_IN = '0x00000000000000000000000000000000000000c3' as Address
const TOKEN_OUT = '0x00000000000000000000000000000000000000d4' as Address
const USER = '0x00000000000000000000000000000000000000e5' as Address
const move = (token: Address, from: Address, to: Address, amount: bigint): Transfer => ({
  token: token.toLowerCase() as Lowercase<Address>,
  from: from.toLowerCase() as Lowercase<Address>,
  to: to.toLowerCase() as Lowercase<Address>,
  amount,
})
const parties = { zap: ZAP, pair: PAIR, tokenIn: TOKEN_IN, tokenOut: TOKEN_OUT }

/** The zap-out's swap as a simulation traced it, or nothing: never amounts of 0 that a price guard would pass. */
describe('tracedSwap', () => {
  it('takes what the zap sent the pair and the first tokenOut the pair paid it after that (the burn pays both before)', () => {
    const transfers = [
      move(TOKEN_IN, PAIR, ZAP, 50n),
      move(TOKEN_OUT, PAIR, ZAP, 70n),
      move(TOKEN_IN, ZAP, PAIR, 50n),
      move(TOKEN_OUT, PAIR, ZAP, 68n),
      move(TOKEN_OUT, ZAP, USER, 138n),
    ]
    expect(tracedSwap(transfers, parties)).toEqual({ amountIn: 50n, amountOut: 68n })
  })

  it.each([
    ['no transfers traced (a node without traceTransfers)', []],
    ['no swap into the pair', [move(TOKEN_IN, PAIR, ZAP, 50n), move(TOKEN_OUT, PAIR, ZAP, 70n)]],
    ['a swap the pair paid nothing for', [move(TOKEN_IN, ZAP, PAIR, 50n)]],
    ['a swap of nothing', [move(TOKEN_IN, ZAP, PAIR, 0n), move(TOKEN_OUT, PAIR, ZAP, 0n)]],
  ])('is undefined with %s', (_case, transfers) => {
    expect(tracedSwap(transfers as Transfer[], parties)).toBeUndefined()
  })
})
