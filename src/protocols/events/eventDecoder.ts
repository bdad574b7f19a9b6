import { type Abi, type AbiEvent, type Address, type Hex, decodeEventLog, toEventSelector } from 'viem'

/** What an event records an account doing. */
export type AccountAction = 'stake' | 'unstake' | 'claim' | 'deposit' | 'withdraw' | 'transfer' | 'harvest'

/**
 * One event as the action of an account, whatever the family. Amounts in the token's wei;
 * addresses decoded from a log lowercase (see staticArgsDecoder).
 */
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
  const bySelector = new Map<Hex, { decodeArgs: (log: RawLog) => EventArgs | undefined; toAction: (args: EventArgs) => ContractAction | undefined }>()
  for (const event of events)
    bySelector.set(toEventSelector(event), { decodeArgs: staticArgsDecoder(event) ?? viemArgsDecoder(event), toAction: actions[event.name]! })
  return {
    topics: [...bySelector.keys()],
    decode(log) {
      const known = log.topics[0] && bySelector.get(log.topics[0])
      if (!known) return undefined
      const args = known.decodeArgs(log)
      return args && known.toAction(args)
    },
  }
}

/** Decodes with viem, any layout; undefined for a log with the selector but another layout (a contract reusing the name): not this family's event. */
function viemArgsDecoder(event: AbiEvent): (log: RawLog) => EventArgs | undefined {
  const addresses = event.inputs.filter((input) => input.type === 'address').map((input) => input.name!)
  return (log) => {
    let args: EventArgs
    try {
      args = decodeEventLog({ abi: [event], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true }).args as EventArgs
    } catch {
      return undefined
    }
    // Lowercase, as the one-word decoder gives them.
    for (const name of addresses) args[name] = (args[name] as string).toLowerCase()
    return args
  }
}

/** Characters of one ABI word in hex. */
const WORD = 64

/**
 * A decoder for an event whose arguments are all one word each (addresses, integers, booleans,
 * fixed bytes), the layout of every event the index follows, that reads them from the log's
 * topics and data where they stand, without viem's generic decoder: a backfill decodes hundreds of
 * thousands of logs, and that decoder was most of its CPU. It gives what viem gives (a test holds
 * them equal on random logs), but addresses lowercase, as the log carries them: a checksum is a
 * keccak hash, two a log, and the index keeps them lowercase anyway. Undefined for any other
 * event: viem decodes those.
 */
function staticArgsDecoder(event: AbiEvent): ((log: RawLog) => EventArgs | undefined) | undefined {
  const readers = event.inputs.map((input) => wordReader(input.type))
  if (readers.some((reader) => reader === undefined)) return undefined
  const slots = event.inputs.map((input, position) => ({
    name: input.name ?? String(position),
    indexed: input.indexed === true,
    read: readers[position]!,
  }))
  const topicCount = 1 + slots.filter((slot) => slot.indexed).length
  const dataLength = 2 + WORD * slots.filter((slot) => !slot.indexed).length
  return (log) => {
    // As viem's strict decoding: topics and data past the arguments are ignored.
    if (log.topics.length < topicCount || log.data.length < dataLength) return undefined
    const args: EventArgs = {}
    let topic = 1
    let offset = 2
    for (const slot of slots) {
      let word: string
      if (slot.indexed) word = log.topics[topic++]!.slice(2)
      else {
        word = log.data.slice(offset, offset + WORD)
        offset += WORD
      }
      const value = slot.read(word)
      if (value === undefined) return undefined
      args[slot.name] = value
    }
    return args
  }
}

/** How to read one word of ABI type `type`; undefined for a type that is not one word (strings, arrays, tuples). */
function wordReader(type: string): ((word: string) => unknown) | undefined {
  if (type === 'address') return (word) => `0x${word.slice(24).toLowerCase()}`
  if (type === 'bool') return (word) => (/^0{63}[01]$/.test(word) ? word.endsWith('1') : undefined)
  const integer = /^(u?)int([0-9]*)$/.exec(type)
  if (integer) {
    const read = integer[1] ? (word: string) => BigInt(`0x${word}`) : (word: string) => BigInt.asIntN(256, BigInt(`0x${word}`))
    // As viem: up to 48 bits a number, and a word that does not fit one is no such event.
    if (Number(integer[2] || 256) > 48) return read
    return (word) => {
      const value = Number(read(word))
      return Number.isSafeInteger(value) ? value : undefined
    }
  }
  const bytes = /^bytes([0-9]+)$/.exec(type)
  if (bytes) return (word) => `0x${word.slice(0, Number(bytes[1]) * 2)}`
  return undefined
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
