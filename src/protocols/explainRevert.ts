import type { DecodedRevert } from '../chain/index.js'

type Args = Record<string, string | boolean>

/** Sentences a user understands for the reverts the served contracts raise; amounts in wei. */
const sentences: Record<string, (args: Args) => string> = {
  ERC20InsufficientBalance: (a) => `the sender holds ${a.balance} of the token but the action needs ${a.needed}`,
  ERC20InsufficientAllowance: (a) => `the allowance given to ${a.spender} is ${a.allowance} but the action needs ${a.needed}`,
  InsufficientShares: (a) => `the user holds ${a.have} vault shares but the withdrawal needs ${a.want}`,
  ERC4626ExceededMaxWithdraw: (a) => `withdrawing ${a.assets} exceeds the ${a.max} the user can withdraw`,
  ERC4626ExceededMaxRedeem: (a) => `redeeming ${a.shares} shares exceeds the ${a.max} the user holds`,
  ERC4626ExceededMaxDeposit: (a) => `depositing ${a.assets} exceeds the vault's limit of ${a.max}`,
  ZeroAmount: () => 'the amount is zero',
  InsufficientOutputAmount: (a) =>
    `the zap's swap would return ${a.amountOut}, below the minimum ${a.amountOutMin} the slippage allows; raise the slippage or lower the amount`,
  TokenNotInPair: (a) => `the input token ${a.token} is not a side of the vault's pair ${a.pair}`,
  NotAV2Pair: (a) => `the vault's want ${a.want} is not a Uniswap V2 pair, so this zap cannot serve it`,
  UnstakeLocked: (a) => `the stake is locked by the unstake delay; unstaking works from block ${a.untilBlock}`,
  ClaimNotYetAllowed: (a) => `rewards cannot be claimed yet; claiming works from block ${a.fromBlock}`,
  DepositCapExceeded: (a) => `the stake would bring the user to ${a.attempted}, above the deposit cap of ${a.cap}`,
  PoolEnded: (a) => `the reward pool ended at block ${a.endBlock}; it takes no new stakes`,
  InsufficientStake: (a) => `the user has ${a.staked} staked but asked to unstake ${a.requested}`,
  UnknownPool: (a) => `the reward pool has no staking pool with pid ${a.pid}`,
}

/** A user-facing sentence for a decoded revert, or undefined to use the raw revert message. */
export function explainRevert(revert: DecodedRevert): string | undefined {
  const sentence = sentences[revert.name]
  return sentence && !Array.isArray(revert.args) ? `${sentence(revert.args)} (${revert.name})` : undefined
}
