import { type Address, type Hex, pad } from 'viem'
import { eventDecoders, transferEvents, type ContractAction } from '../protocols/index.js'
import type { IndexedEvent } from '../store/index.js'
import type { FollowedContract } from './followedContracts.js'
import type { LogFilter, NodeLog } from './readLogs.js'

/** The ERC-20 Transfer event's selector: the token flows a contract follows are its transfers. */
const TRANSFER = transferEvents.topics[0]!

/** What the index asks the node for of a set of followed contracts, and what their logs mean. */
export class ContractLogs {
  /** The followed contracts by lowercase address: as nodes give a log's (no checksum hash per log). */
  private readonly byLowercase: Map<string, FollowedContract>
  private readonly topics: readonly Hex[]

  constructor(contracts: readonly FollowedContract[]) {
    this.byLowercase = new Map(contracts.map((contract) => [contract.address.toLowerCase(), contract]))
    this.topics = eventDecoders(...contracts.map((contract) => contract.events)).topics
  }

  /**
   * What a pass over `addresses` asks for: their events, and the token flows into and out of those
   * that have them (two filters on the tokens' Transfer: to any of the holders, from any of them).
   */
  filtersOf(addresses: readonly Address[]): LogFilter[] {
    const filters: LogFilter[] = [{ address: addresses, topics: [this.topics] }]
    const flowing = addresses.flatMap((address) => {
      const flows = this.byLowercase.get(address.toLowerCase())?.flows
      return flows ? [{ holder: address, token: flows.token }] : []
    })
    if (flowing.length === 0) return filters
    const tokens = [...new Set(flowing.map((flow) => flow.token))]
    const holders = flowing.map((flow) => pad(flow.holder.toLowerCase() as Hex, { size: 32 }))
    filters.push({ address: tokens, topics: [TRANSFER, null, holders] }, { address: tokens, topics: [TRANSFER, holders] })
    return filters
  }

  /**
   * The followed contracts' events among `logs`, in their order. A backfill decodes millions: the
   * action a decoder made becomes the event (no copy), and a block's number is parsed once for its logs.
   */
  decode(logs: readonly NodeLog[]): IndexedEvent[] {
    const events: IndexedEvent[] = []
    let blockHex = ''
    let blockNumber = 0n
    for (const log of logs) {
      // Nodes give addresses lowercase; a checksummed one is looked up lowercased.
      const followed = this.byLowercase.get(log.address) ?? this.byLowercase.get(log.address.toLowerCase())
      const found = followed ? { contract: followed.address, action: followed.events.decode(log) } : this.flowOf(log.address.toLowerCase(), log)
      if (!found?.action) continue
      if (log.blockNumber !== blockHex) {
        blockHex = log.blockNumber
        blockNumber = BigInt(blockHex)
      }
      const event = found.action as IndexedEvent
      event.blockNumber = blockNumber
      event.logIndex = Number(log.logIndex)
      event.txHash = log.transactionHash
      event.contract = found.contract
      events.push(event)
    }
    return events
  }

  /** A token's Transfer (`token` lowercase) into or out of a contract that follows that token's flows, as the contract's event; undefined for any other log. */
  private flowOf(token: string, log: NodeLog): { contract: Address; action: ContractAction | undefined } | undefined {
    const transfer = transferEvents.decode(log)
    if (!transfer?.counterparty) return undefined
    // Decoded addresses are lowercase, as the log gives them.
    for (const [holder, other] of [
      [transfer.counterparty, transfer.account],
      [transfer.account, transfer.counterparty],
    ] as const) {
      const followed = this.byLowercase.get(holder)
      const flows = followed?.flows
      if (flows && flows.token.toLowerCase() === token && !flows.except.some((except) => except.toLowerCase() === other))
        return { contract: followed.address, action: { ...transfer, token: token as Address } }
    }
    return undefined
  }
}
