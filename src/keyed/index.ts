export { entryOf, type Keyed, pushTo } from './entryOf.js'
