import { type Address, type Hex, zeroAddress } from 'viem'
import { eventIndexOf, type ChainContext, pastPricesOf, pricedStateOf } from '../answer-state/index.js'
import { sharesWorthAt, valueAt, type BlockPrices, type PricedState } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { TimedEvent } from '../store/index.js'
import { pushTo } from '../keyed/index.js'

/** What a user did, as the history lists it. */
export type UserAction = 'deposit' | 'withdraw' | 'transfer-in' | 'transfer-out' | 'stake' | 'unstake' | 'claim'

/** One thing a user did in a vault or staking pool. Amounts in `token`'s lowest denomination. */
export interface UserHistoryEntry {
  chainId: number
  block: bigint
  /** The block's timestamp, seconds. */
  timestamp: number
  txHash: Hex
  action: UserAction
  contract: Address
  pid?: number
  /** A vault's want (deposit, withdraw), the vault's shares (transfer-in, transfer-out), the staking token (stake, unstake) or the reward token (claim). */
  token: Address
  amount: bigint
  /** For vault actions: the amount's worth in want at that block (deposit and withdraw: `amount`). */
  underlying?: bigint
  /** For vault actions: the vault's shares minted to the user, burned of theirs, or moved. */
  shares?: bigint
  /**
   * A Beefy withdrawal's fee, want wei: what the burned shares were worth less what the user
   * received. The worth is the vault's totals just before the withdrawal, taken from its block's
   * end (want plus what left, shares plus those burned), so exact when no later transaction of that
   * block moved the vault. 0 for an ERC-4626 withdrawal, whose event names what the shares paid.
   * Given with the USD values only.
   */
  fee?: bigint
  /** Where the action's last log stands in its block: orders a block's actions. */
  logIndex: number
  /** USD value of `amount` at the prices of its own block; null with `usdNote` when there are none. */
  usd: number | null
  usdNote?: string
}

/** What the index says of a user on one chain. */
export interface ChainHistory {
  entries: UserHistoryEntry[]
  /** The lowest block through which the index holds every followed contract of the chain; null before it started. */
  indexedThrough: bigint | null
  notes: string[]
  /** Why the list is not the user's whole history in the window at any block (the index is being built, too many events); absent when it is. */
  incomplete?: string
}

/** Events read per query at most: a user with more in the window sees the newest. */
const MAX_EVENTS = 10_000

/**
 * The deposits, withdrawals, stakes, unstakes and claims of `user` on the context's chain in a window of
 * chain time, newest first, each valued at the prices of its own block. A vault's deposit or
 * withdrawal is what moved in want, exactly: an ERC-4626 vault's own Deposit and Withdraw events;
 * for a Beefy vault, the want that entered (or left) the vault in that transaction, shared among
 * the accounts that gained (or gave up) the shares it minted (or burned) there, so a deposit
 * through a zap counts for whoever received the shares. Shares moved between accounts without
 * a mint or burn are transfer-in and transfer-out, worth what the vault held per share then.
 */
export async function chainHistory(
  ctx: ChainContext,
  query: { user: Address; fromTime: number; toTime: number },
  /** `usd`: value each action at its block; `priced`: the chain's latest priced state, when the caller has it already. */
  options: { usd: boolean; priced?: PricedState } = { usd: true },
): Promise<ChainHistory> {
  const { registry, chainId } = ctx
  const index = eventIndexOf(ctx)
  const vaults = [...registry.vaults.keys()]
  const pools = [...registry.rewardPools.keys()]
  // Until the chain's lookups are built (after its event backfill) its events are not read: a note says so.
  const built = await index.indexesBuilt(chainId)
  const own = !built
    ? []
    : await index.eventsAt(chainId, {
        contracts: [...vaults, ...pools],
        involving: query.user,
        actions: ['deposit', 'withdraw', 'transfer', 'stake', 'unstake', 'claim'],
        fromTime: query.fromTime,
        toTime: query.toTime,
        limit: MAX_EVENTS,
      })
  // A Beefy vault's deposit is told by the whole transaction: the want in, the shares minted, who got them.
  const beefyTxs = [...new Set(own.filter((event) => registry.vaults.get(event.contract)?.kind === 'beefy').map((event) => event.txHash))]
  const [whole, contracts, priced] = await Promise.all([
    index.eventsOfTransactions(chainId, beefyTxs, vaults),
    index.contracts(chainId),
    options.priced ?? pricedStateOf(ctx),
  ])
  const entries = [...poolEntries(own, priced, query.user), ...erc4626Entries(own, registry, query.user), ...beefyEntries(whole, registry, query.user)]
  const transfers = shareTransfers(own, [...whole], registry, query.user)
  // Without USD (what positions need: the underlying of each action), only the blocks of share transfers are read.
  const valued = options.usd ? [...entries, ...transfers] : transfers
  const hashes = new Map([...own, ...whole].map((event) => [event.blockNumber, event.blockHash]))
  const prices = await pastPricesOf(
    ctx,
    valued.map((entry) => ({ number: entry.block, hash: hashes.get(entry.block)! })),
  )
  for (const entry of transfers) {
    const worth = sharesWorthAt(prices.get(entry.block), entry.contract, entry.amount)
    if (worth !== undefined) entry.underlying = worth
  }
  if (options.usd) for (const entry of entries) withdrawalFee(entry, registry, prices.get(entry.block))
  const notes: string[] = []
  const all = [...entries, ...transfers].map((entry) => {
    const valuedToken = entry.action.startsWith('transfer') ? registry.vaults.get(entry.contract)!.want : entry.token
    const valuedAmount = entry.action.startsWith('transfer') ? entry.underlying : entry.amount
    const value =
      valuedAmount === undefined
        ? { note: `no value of the vault's shares at block ${entry.block}` }
        : !options.usd
          ? { note: 'not valued' }
          : valueAt(prices.get(entry.block), valuedToken, valuedAmount, priced.decimals(valuedToken))
    return { ...entry, chainId: chainId, ...('usd' in value ? { usd: value.usd } : { usd: null, usdNote: value.note }) }
  })
  const followed = contracts.filter((contract) => registry.vaults.has(contract.address) || registry.rewardPools.has(contract.address))
  const indexedThrough =
    followed.length === 0
      ? null
      : followed.reduce((lowest, contract) => (contract.nextBlock < lowest ? contract.nextBlock : lowest), followed[0]!.nextBlock) - 1n
  const incomplete = !built
    ? `chain ${chainId}: the event index is still being built (every vault's and pool's events through block ${indexedThrough ?? 'none yet'}, then its lookups): no action is listed until it is`
    : own.length === MAX_EVENTS
      ? `chain ${chainId}: more than ${MAX_EVENTS} events in the window: only the newest are listed; narrow from/to`
      : undefined
  if (incomplete) notes.push(incomplete)
  else if (indexedThrough === null || indexedThrough < priced.state.blockNumber)
    notes.push(
      `chain ${chainId}: the event index holds every vault's and pool's events through block ${indexedThrough ?? 'none yet'}, not yet through block ${priced.state.blockNumber}: later actions are missing`,
    )
  all.sort((a, b) => (a.block === b.block ? 0 : a.block > b.block ? -1 : 1))
  return { entries: all, indexedThrough, notes, ...(incomplete && { incomplete }) }
}

type Entry = Omit<UserHistoryEntry, 'chainId' | 'usd' | 'usdNote'>

function entryOf(event: TimedEvent, action: UserAction, token: Address, amount: bigint): Entry {
  return {
    block: event.blockNumber,
    logIndex: event.logIndex,
    timestamp: event.timestamp,
    txHash: event.txHash,
    action,
    contract: event.contract,
    token,
    amount,
  }
}

/**
 * Sets a vault withdrawal's `fee`: 0 for ERC-4626; for a Beefy vault, the worth of the burned
 * shares at the vault's totals before it (its block's end: want plus what was paid out, supply plus
 * the shares burned) less what was paid. The fee a Beefy strategy keeps stays in the vault's
 * balance, so it is in those totals; unknown (left out) without the block's totals.
 */
function withdrawalFee(entry: Entry, registry: ChainRegistry, prices: BlockPrices | undefined): void {
  if (entry.action !== 'withdraw' || entry.shares === undefined) return
  if (registry.vaults.get(entry.contract)?.kind !== 'beefy') {
    entry.fee = 0n
    return
  }
  const totals = prices?.ok ? prices.vaults[entry.contract] : undefined
  if (!totals) return
  const worth = (entry.shares * (BigInt(totals.want) + entry.amount)) / (BigInt(totals.supply) + entry.shares)
  entry.fee = worth > entry.amount ? worth - entry.amount : 0n
}

/** Stakes, unstakes and claims: each its own event. A claim's token is the one the event names, else the pool's only reward token. */
function poolEntries(events: readonly TimedEvent[], priced: PricedState, user: Address): Entry[] {
  return events.flatMap((event) => {
    const pool = priced.state.rewardPools.get(event.contract)
    if (!pool || event.account !== user || !['stake', 'unstake', 'claim'].includes(event.action)) return []
    const pid = event.pid ?? 0
    const token = event.action === 'claim' ? (event.token ?? pool.rewardTokens[0]) : pool.stakingPools.find((staking) => staking.pid === pid)?.stakingToken
    if (!token) return []
    return [{ ...entryOf(event, event.action as UserAction, token, event.amount), pid }]
  })
}

/** An ERC-4626 vault's own Deposit (the user received the shares) and Withdraw (the user's shares were burned) events. */
function erc4626Entries(events: readonly TimedEvent[], registry: ChainRegistry, user: Address): Entry[] {
  return events.flatMap((event) => {
    const vault = registry.vaults.get(event.contract)
    if (vault?.kind !== 'erc4626' || event.account !== user || (event.action !== 'deposit' && event.action !== 'withdraw')) return []
    const shares = event.detail?.shares === undefined ? {} : { shares: BigInt(event.detail.shares) }
    return [{ ...entryOf(event, event.action, vault.want, event.amount), underlying: event.amount, ...shares }]
  })
}

/**
 * A Beefy vault's deposits and withdrawals of `user`, transaction by transaction: the want that
 * entered the vault times the share of the minted shares the user received there (all of them for
 * a direct deposit or a zap's), and the want that left it times the share of the burned shares
 * the user gave up. Rounded down, so a sum never exceeds what moved.
 */
function beefyEntries(events: readonly TimedEvent[], registry: ChainRegistry, user: Address): Entry[] {
  const byTx = new Map<string, TimedEvent[]>()
  for (const event of events) {
    if (registry.vaults.get(event.contract)?.kind !== 'beefy') continue
    pushTo(byTx, `${event.txHash}/${event.contract}`, event)
  }
  const entries: Entry[] = []
  for (const txEvents of byTx.values()) {
    const vault = registry.vaults.get(txEvents[0]!.contract)!
    const sum = (pick: (event: TimedEvent) => boolean) => txEvents.filter(pick).reduce((total, event) => total + event.amount, 0n)
    const shares = (event: TimedEvent) => event.action === 'transfer' && event.token === undefined
    const want = (event: TimedEvent) => event.action === 'transfer' && event.token === vault.want
    const minted = sum((event) => shares(event) && event.account === zeroAddress)
    const burned = sum((event) => shares(event) && event.counterparty === zeroAddress)
    const received = sum((event) => shares(event) && event.counterparty === user)
    const given = sum((event) => shares(event) && event.account === user)
    const wantIn = sum((event) => want(event) && event.counterparty === vault.address)
    const wantOut = sum((event) => want(event) && event.account === vault.address)
    const last = txEvents[txEvents.length - 1]!
    if (minted > 0n && received > 0n) {
      const shares = min(received, minted)
      const amount = (wantIn * shares) / minted
      entries.push({ ...entryOf(last, 'deposit', vault.want, amount), underlying: amount, shares })
    }
    if (burned > 0n && given > 0n) {
      const shares = min(given, burned)
      const amount = (wantOut * shares) / burned
      entries.push({ ...entryOf(last, 'withdraw', vault.want, amount), underlying: amount, shares })
    }
  }
  return entries
}

/** Shares the user received or sent in transactions that minted and burned none of that vault's shares: transfer-in and transfer-out, in shares. */
function shareTransfers(own: readonly TimedEvent[], beefyTxEvents: readonly TimedEvent[], registry: ChainRegistry, user: Address): Entry[] {
  const all = [...own, ...beefyTxEvents]
  const mintedOrBurned = new Set(
    all
      .filter((event) => event.action === 'transfer' && event.token === undefined && (event.account === zeroAddress || event.counterparty === zeroAddress))
      .map((event) => `${event.txHash}/${event.contract}`),
  )
  const seen = new Set<string>()
  return all.flatMap((event) => {
    const key = `${event.blockNumber}:${event.logIndex}`
    if (seen.has(key)) return []
    seen.add(key)
    if (!registry.vaults.has(event.contract) || event.action !== 'transfer' || event.token !== undefined) return []
    if (mintedOrBurned.has(`${event.txHash}/${event.contract}`)) return []
    if (event.counterparty === user && event.account !== user) return [{ ...entryOf(event, 'transfer-in', event.contract, event.amount), shares: event.amount }]
    if (event.account === user && event.counterparty !== user)
      return [{ ...entryOf(event, 'transfer-out', event.contract, event.amount), shares: event.amount }]
    return []
  })
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
