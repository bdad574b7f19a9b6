import { type Abi, type AbiEvent, type Address, type Hex, decodeEventLog, toEventSelector } from 'viem'

/** What an event records an account doing. */
export type AccountAction = 'stake' | 'unstake' | 'claim' | 'deposit' | 'withdraw' | 'transfer' | 'harvest'

/** One event as the action of an account, whatever the family. Amounts in the token's wei. */
export interface ContractAction {
  action: AccountAction
  /** Who acted: the staker, depositor, harvester, or a transfer's sender. */
  account: Address
  /** A transfer's receiver; an ERC-4626 withdrawal's receiver. */
  counterparty?: Address
  /** The staking pool of a multi-pool contract (reference pools, MasterChef). */
  pid?: number
  /** The token moved, when the event names it (a reward token paid). */
  token?: Address
  amount: bigint
  /** The event's other figures, as decimal strings (a harvest's call fee, an ERC-4626 deposit's shares). */
  detail?: Record<string, string>
}

/** A log as the node returns it (the parts decoding needs). */
export interface RawLog {
  topics: readonly Hex[]
  data: Hex
}

/**
 * The events of one contract family an index follows, and how each becomes a ContractAction:
 * `topics` are their selectors (for `eth_getLogs` filters), `decode` turns one log of a
 * contract of the family into its action (undefined for a log of another event, or one that
 * records nothing an account did).
 */
export interface EventDecoder {
  readonly topics: readonly Hex[]
  decode(log: RawLog): ContractAction | undefined
}

type EventArgs = Record<string, unknown>

/**
 * A decoder for the events of `abi` named in `actions`, each mapped from its decoded arguments
 * (names as the ABI gives them) to an action. Only the listed events are followed.
 */
export function eventDecoder(abi: Abi | readonly unknown[], actions: Record<string, (args: EventArgs) => ContractAction | undefined>): EventDecoder {
  const events = (abi as Abi).filter((item): item is AbiEvent => item.type === 'event' && item.name in actions)
  const bySelector = new Map<Hex, { event: AbiEvent; toAction: (args: EventArgs) => ContractAction | undefined }>()
  for (const event of events) bySelector.set(toEventSelector(event), { event, toAction: actions[event.name]! })
  return {
    topics: [...bySelector.keys()],
    decode(log) {
      const known = log.topics[0] && bySelector.get(log.topics[0])
      if (!known) return undefined
      try {
        const { args } = decodeEventLog({ abi: [known.event], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true })
        return known.toAction(args as EventArgs)
      } catch {
        // A log with the selector but another layout (a contract reusing the name): not this family's event.
        return undefined
      }
    },
  }
}

/** Decoders tried in turn: the first that knows a log decodes it. */
export function eventDecoders(...decoders: EventDecoder[]): EventDecoder {
  return {
    topics: [...new Set(decoders.flatMap((decoder) => decoder.topics))],
    decode: (log) => {
      for (const decoder of decoders) {
        const action = decoder.decode(log)
        if (action) return action
      }
      return undefined
    },
  }
}

/** The figures of `args` named in `names`, as decimal strings (an event's detail). */
export function figures(args: EventArgs, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(args[name])]))
}
