/** What the stream tells, each a topic a client can ask for (`topics=`). */
export const STREAM_TOPICS = ['snapshot', 'harvest', 'harvestable', 'user', 'reorg'] as const
export type StreamTopic = (typeof STREAM_TOPICS)[number]

/** An event as the refresher publishes it, before the log gives it an id. */
export interface StreamEventDraft {
  topic: StreamTopic
  chainId: number
  /** The account a `user` event is about (lowercase): only its own streams get it. */
  address?: string
  /** The event's body, serialized once (JSON): what a client reads in `data:`. */
  data: string
}

/** An event as kept and sent: its id orders it among every chain's events. */
export interface StreamEvent extends StreamEventDraft {
  /** `<ms>-<sequence>`: when it was published, and its place among those of the same ms. */
  id: string
}

/** What a client that reconnects with `Last-Event-ID` is given: the events after it that are kept, and whether some are no longer kept. */
export interface Replay {
  events: StreamEvent[]
  /** Some events after the client's id are no longer kept: the client must read the answers again. */
  missed: boolean
  /** The oldest event kept, when any. */
  oldestKept?: string
}

/** Whether `value` is an event id as the log writes them. */
export function isEventId(value: string): boolean {
  return /^[0-9]{1,15}-[0-9]{1,15}$/.test(value)
}

/** Orders two event ids: negative when `a` came first. */
export function compareIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(Number) as [number, number]
  const [bMs, bSeq] = b.split('-').map(Number) as [number, number]
  return aMs - bMs || aSeq - bSeq
}
