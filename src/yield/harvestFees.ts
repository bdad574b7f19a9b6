import { type Address, erc20Abi, getAddress, type Hex, parseAbi, parseEventLogs, type TransactionReceipt } from 'viem'
import { contractCall, errorLine, ReadBatch } from '../chain/index.js'
import type { ChainContext } from '../answer-state/index.js'

/** Beefy's strategies since 2021 say what each harvest charged (in the native token they pay fees in). */
const chargedFeesAbi = parseAbi(['event ChargedFees(uint256 callFees, uint256 beefyFees, uint256 strategistFees)'])
/** Where a strategy sends its fees: Beefy's `beefyFeeRecipient` and `strategist`, the reference strategy's `feeRecipient`. */
const recipientsAbi = parseAbi([
  'function strategist() view returns (address)',
  'function beefyFeeRecipient() view returns (address)',
  'function feeRecipient() view returns (address)',
])

/** What a harvest's strategy took as fees, in the token it moved them in (lowest denomination), split as it pays them. */
export interface HarvestFees {
  /** The token the fees moved in; null when the harvest charged nothing (no fee transfer). */
  token: Address | null
  /** To the harvester (or the call-fee recipient it named). */
  call: bigint
  /** To the protocol's treasury (Beefy's `beefyFeeRecipient`). */
  treasury: bigint
  /** To the strategist. */
  strategist: bigint
  /** `event`: the strategy's ChargedFees; `transfers`: its transfers to the caller and its fee recipients. */
  source: 'event' | 'transfers'
}

/**
 * The fees of one harvest, from its own transaction: the strategy's `ChargedFees` event where it
 * emits one (Beefy's), else the strategy's token transfers in that transaction to the harvester
 * (or the transaction's sender) and to the recipients the strategy names now (`strategist()`,
 * `beefyFeeRecipient()` or `feeRecipient()`). Kept per transaction and block hash once read: a
 * harvest does not change, and a reorg gives it another hash. A sentence when the nodes do not
 * give the receipt or it now lies in another block.
 */
export function harvestFees(
  ctx: ChainContext,
  harvest: { txHash: Hex; blockHash: Hex; strategy: Address; harvester: Address },
): Promise<HarvestFees | { note: string }> {
  // A failed read throws inside the cache (which then forgets it) and is told here, so the next ask reads again.
  return ctx.facts
    .get(`harvestFees:${ctx.chainId}:${harvest.txHash}:${harvest.blockHash}`, async () => {
      const [receipt, recipients] = await Promise.all([ctx.chain.client.getTransactionReceipt({ hash: harvest.txHash }), feeRecipients(ctx, harvest.strategy)])
      if (receipt.blockHash.toLowerCase() !== harvest.blockHash.toLowerCase())
        throw new Error(`the harvest's transaction is now in block ${receipt.blockHash}, not the indexed one: a reorg moved it`)
      return feesOfReceipt(receipt, harvest, recipients)
    })
    .catch((error: unknown) => ({ note: `its fees are not known: ${errorLine(error, 200)}` }))
}

export interface FeeRecipients {
  treasury?: Address
  strategist?: Address
}

/** The strategy's fee recipients as it names them now, read once per process. */
function feeRecipients(ctx: ChainContext, strategy: Address): Promise<FeeRecipients> {
  return ctx.facts.get(`feeRecipients:${ctx.chainId}:${strategy}`, async () => {
    const batch = new ReadBatch()
    const [strategist, beefy, reference] = (['strategist', 'beefyFeeRecipient', 'feeRecipient'] as const).map((name) =>
      batch.add(contractCall(strategy, recipientsAbi, name)),
    )
    await batch.run(ctx.chain)
    const treasury = beefy!.value() ?? reference!.value()
    const named = strategist!.value()
    return { ...(treasury && { treasury: getAddress(treasury) }), ...(named && { strategist: getAddress(named) }) }
  })
}

/** The fees of a harvest's receipt: its strategy's ChargedFees where it emitted one, else its transfers to the caller and `recipients`. */
export function feesOfReceipt(
  receipt: Pick<TransactionReceipt, 'from' | 'logs'>,
  harvest: { strategy: Address; harvester: Address },
  recipients: FeeRecipients,
): HarvestFees {
  const strategy = harvest.strategy.toLowerCase()
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true }).filter(
    (log) => log.args.from.toLowerCase() === strategy,
  )
  const charged = parseEventLogs({ abi: chargedFeesAbi, logs: receipt.logs, strict: true }).find((log) => log.address.toLowerCase() === strategy)
  if (charged) {
    const { callFees, beefyFees, strategistFees } = charged.args
    const paid = transfers.find((log) => log.args.value === callFees || log.args.value === beefyFees)
    return { token: paid ? getAddress(paid.address) : null, call: callFees, treasury: beefyFees, strategist: strategistFees, source: 'event' }
  }
  const callers = new Set([harvest.harvester.toLowerCase(), receipt.from.toLowerCase()])
  const fees: HarvestFees = { token: null, call: 0n, treasury: 0n, strategist: 0n, source: 'transfers' }
  for (const log of transfers) {
    const to = log.args.to.toLowerCase()
    const part = callers.has(to)
      ? 'call'
      : to === recipients.treasury?.toLowerCase()
        ? 'treasury'
        : to === recipients.strategist?.toLowerCase()
          ? 'strategist'
          : undefined
    if (!part) continue
    fees.token ??= getAddress(log.address)
    if (getAddress(log.address) !== fees.token) continue
    fees[part] += log.args.value
  }
  return fees
}
