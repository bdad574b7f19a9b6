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
  EnforcedPause: () => 'the contract is paused; try again once it is unpaused',
  OwnableUnauthorizedAccount: (a) => `${a.account} is not the owner; only the owner may call this`,
  ERC20InvalidReceiver: (a) => `the token refuses to send to ${a.receiver}`,
}

/**
 * Revert strings of common libraries (Uniswap V2, SafeMath, OpenZeppelin 4, TransferHelper) and
 * of the reward pool families (MasterChef, Synthetix), keyed by the whole text or the text after
 * any `Library: ` prefix, said as what the user lacks. (A Synthetix unstake of more than the stake
 * fails in SafeMath: `SafeMath: subtraction overflow`.)
 */
const revertStrings: Record<string, string> = {
  'ds-math-sub-underflow': "the user's balance or allowance of the LP token is below the amount",
  'SafeMath: subtraction overflow': "the user's balance or allowance is below the amount",
  TRANSFER_FROM_FAILED: 'the token could not be taken from the user: the balance or the allowance is below the amount',
  TRANSFER_FAILED: 'a token transfer failed: a balance is below the amount',
  'transfer amount exceeds balance': 'the sender holds less of the token than the amount',
  'burn amount exceeds balance': 'the user holds less than the amount to burn',
  'insufficient allowance': 'the allowance is below the amount; approve first',
  'transfer amount exceeds allowance': 'the allowance is below the amount; approve first',
  INSUFFICIENT_OUTPUT_AMOUNT: 'the swap would return less than the minimum the slippage allows; raise the slippage or lower the amount',
  INSUFFICIENT_INPUT_AMOUNT: 'the amount is too small to swap',
  INSUFFICIENT_LIQUIDITY: 'the pair has too little liquidity for this amount',
  INSUFFICIENT_LIQUIDITY_BURNED: 'the amount of LP token is too small to withdraw anything',
  INSUFFICIENT_LIQUIDITY_MINTED: 'the amount is too small to add liquidity',
  paused: 'the contract is paused; try again once it is unpaused',
  // MasterChef (SushiSwap v1 and forks)
  'withdraw: not good': 'the user has less staked in this pool than the amount',
  // Synthetix StakingRewards and MultiRewards
  'Cannot stake 0': 'the amount to stake is zero',
  'Cannot withdraw 0': 'the amount to unstake is zero',
  'This action cannot be performed while the contract is paused': 'the pool is paused and takes no new stakes; try again once it is unpaused',
  'caller is not the owner': 'only the contract owner may call this',
}

/** Panic codes an amount can cause, said in words. */
const panics: Record<string, string> = {
  '17': 'an amount is larger than what is held (arithmetic underflow or overflow)',
  '18': 'a division by zero: the vault or pool holds nothing yet',
}

/** A user-facing sentence for a decoded revert, or undefined to use the raw revert message. */
export function explainRevert(revert: DecodedRevert): string | undefined {
  if (Array.isArray(revert.args)) return undefined
  if (revert.name === 'Error') {
    const text = String(Object.values(revert.args)[0] ?? '')
    const sentence = revertStrings[text] ?? revertStrings[text.replace(/^[\w .]+: /, '')]
    return sentence && `${sentence} (${text})`
  }
  if (revert.name === 'Panic') {
    const sentence = panics[String(Object.values(revert.args)[0])]
    return sentence && `${sentence} (${revert.message})`
  }
  const sentence = sentences[revert.name]
  return sentence && `${sentence(revert.args)} (${revert.name})`
}

/** Custom errors that say the user lacks the tokens (or shares, or stake) the action needs. */
const lacking = new Set(['ERC20InsufficientBalance', 'InsufficientShares', 'ERC4626ExceededMaxWithdraw', 'ERC4626ExceededMaxRedeem', 'InsufficientStake'])

/**
 * Revert strings that say the same. The ones that may also mean an allowance (a SafeMath or
 * pair underflow) are among them: a build simulates its approvals first, so what is left short
 * is the balance.
 */
const lackingStrings = new Set([
  'ds-math-sub-underflow',
  'SafeMath: subtraction overflow',
  'TRANSFER_FROM_FAILED',
  'transfer amount exceeds balance',
  'burn amount exceeds balance',
  'withdraw: not good',
])

/** Whether `revert` says the user lacks what the action spends: an INSUFFICIENT_FUNDS answer, not a bare EXECUTION_REVERTED. */
export function revertLacksFunds(revert: DecodedRevert): boolean {
  if (Array.isArray(revert.args)) return false
  if (revert.name === 'Error') {
    const text = String(Object.values(revert.args)[0] ?? '')
    return lackingStrings.has(text) || lackingStrings.has(text.replace(/^[\w .]+: /, ''))
  }
  return lacking.has(revert.name)
}
