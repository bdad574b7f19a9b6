import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'

/** Longest string an error brings into a log line: a node's error can quote a 25 KB call payload. */
const LOGGED_STRING_CHARS = 1_000

export interface LoggerOptions {
  level: string
  /** Readable lines for a person at a terminal instead of JSON. */
  pretty: boolean
  /** Where lines go; stdout by default. */
  destination?: DestinationStream
}

/**
 * The service's logger: JSON lines for machines, or (in a terminal) readable lines with local
 * times. Errors are serialized with every long string cut, so a failed node call cannot flood a
 * log line with its request body.
 */
export function createLogger(options: LoggerOptions): Logger {
  const serializers = { err: (error: Error) => cutStrings(stdSerializers.err(error), 0) }
  if (options.pretty) {
    // A request's line says its method, URL, status, code and time in its message (see logAnswer):
    // their fields would add a line each under it, and the banner would scroll away in two requests.
    const stream = pretty({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,method,url,status,ms,code,requestId',
      sync: true,
      destination: options.destination ?? 1,
    })
    return pino({ level: options.level, serializers }, stream)
  }
  return options.destination ? pino({ level: options.level, serializers }, options.destination) : pino({ level: options.level, serializers })
}

/** `value` with every string longer than the limit cut, to a few levels deep. */
function cutStrings<T>(value: T, depth: number): T {
  if (typeof value === 'string') return (value.length > LOGGED_STRING_CHARS ? `${value.slice(0, LOGGED_STRING_CHARS)}… (${value.length} chars)` : value) as T
  if (depth > 4 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => cutStrings(item, depth + 1)) as T
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutStrings(item, depth + 1)])) as T
}
