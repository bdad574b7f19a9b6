export { eventDecoder, eventDecoders, figures, type AccountAction, type ContractAction, type EventDecoder, type RawLog } from './eventDecoder.js'
